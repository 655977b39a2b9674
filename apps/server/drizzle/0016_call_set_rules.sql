ALTER TABLE "pgx_call_sets" ADD COLUMN "rules_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pgx_call_sets" ADD COLUMN "problems" jsonb;