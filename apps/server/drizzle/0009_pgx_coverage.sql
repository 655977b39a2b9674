-- Rows built before coverage was kept: a matched row was a recommendation, any other not covered.
ALTER TABLE "pgx_report_rows" ADD COLUMN "coverage" text;--> statement-breakpoint
UPDATE "pgx_report_rows" SET "coverage" = CASE WHEN "matched" THEN 'recommendation' ELSE 'notCovered' END;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ALTER COLUMN "coverage" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD COLUMN "guideline_updated_on" text;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD COLUMN "level_inferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD COLUMN "comments" text;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD CONSTRAINT "pgx_report_rows_coverage_check" CHECK ("pgx_report_rows"."coverage" in ('recommendation', 'noRecommendation', 'notCovered'));
