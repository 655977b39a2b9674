CREATE TABLE "pgx_brand_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market" text NOT NULL,
	"generic_name" text NOT NULL,
	"brand_name" text NOT NULL,
	"source" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pgx_brand_names_market_check" CHECK ("pgx_brand_names"."market" in ('US', 'ZA'))
);
--> statement-breakpoint
CREATE TABLE "pgx_call_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kit_id" uuid NOT NULL,
	"pharmcat_version" text,
	"calls" jsonb NOT NULL,
	"calls_tsv" text NOT NULL,
	"outside_calls_tsv" text,
	"synthetic" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pgx_knowledge_bases" (
	"version" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"content" jsonb NOT NULL,
	"recommendation_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pgx_knowledge_bases_source_check" CHECK ("pgx_knowledge_bases"."source" in ('shipped', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "pgx_report_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pgx_report_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kit_id" uuid NOT NULL,
	"kb_version" text NOT NULL,
	"position" integer NOT NULL,
	"category" text[] DEFAULT '{}'::text[] NOT NULL,
	"therapeutic_class" text[] DEFAULT '{}'::text[] NOT NULL,
	"atc_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"generic_name" text NOT NULL,
	"us_name" text,
	"sa_name" text,
	"gene" text NOT NULL,
	"phenotype_category" text,
	"variant_haplotype" text,
	"sample_genotype" text,
	"genotype_allele" text,
	"ref_allele" text,
	"alt_allele" text,
	"phenotype" text,
	"metabolizer_speed" text,
	"activity_score" text,
	"implication" text,
	"recommendation" text,
	"classification" text,
	"cpic_level" text,
	"level_of_evidence" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"specialty_population" text,
	"disease_phenotype" text,
	"guideline_name" text,
	"guideline_url" text,
	"pmids" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"matched" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pgx_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kit_id" uuid NOT NULL,
	"kb_version" text NOT NULL,
	"call_set_id" uuid NOT NULL,
	"status" text NOT NULL,
	"digest" text NOT NULL,
	"row_count" integer NOT NULL,
	"changes" jsonb,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pgx_reports_kit_kb_unique" UNIQUE("kit_id","kb_version"),
	CONSTRAINT "pgx_reports_status_check" CHECK ("pgx_reports"."status" in ('current', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "pgx_call_sets" ADD CONSTRAINT "pgx_call_sets_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pgx_report_rows" ADD CONSTRAINT "pgx_report_rows_report_fk" FOREIGN KEY ("kit_id","kb_version") REFERENCES "public"."pgx_reports"("kit_id","kb_version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pgx_reports" ADD CONSTRAINT "pgx_reports_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pgx_reports" ADD CONSTRAINT "pgx_reports_kb_version_pgx_knowledge_bases_version_fk" FOREIGN KEY ("kb_version") REFERENCES "public"."pgx_knowledge_bases"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pgx_reports" ADD CONSTRAINT "pgx_reports_call_set_id_pgx_call_sets_id_fk" FOREIGN KEY ("call_set_id") REFERENCES "public"."pgx_call_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pgx_brand_names_idx" ON "pgx_brand_names" USING btree ("market",lower("generic_name"),lower("brand_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pgx_call_sets_kit_idx" ON "pgx_call_sets" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "pgx_knowledge_bases_loaded_idx" ON "pgx_knowledge_bases" USING btree ("loaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pgx_report_rows_report_idx" ON "pgx_report_rows" USING btree ("kit_id","kb_version","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pgx_reports_kit_current_idx" ON "pgx_reports" USING btree ("kit_id") WHERE "pgx_reports"."status" = 'current';--> statement-breakpoint
CREATE UNIQUE INDEX "pgx_reports_kit_pending_idx" ON "pgx_reports" USING btree ("kit_id") WHERE "pgx_reports"."status" = 'pending';