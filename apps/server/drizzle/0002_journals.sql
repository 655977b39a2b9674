CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"parent_id" uuid,
	"description" text NOT NULL,
	"status" text DEFAULT 'Saved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "journal_entries_status_check" CHECK ("journal_entries"."status" in ('Saved', 'Submitted'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_session_main_idx" ON "journal_entries" USING btree ("session_id") WHERE "journal_entries"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "journal_entries_practitioner_idx" ON "journal_entries" USING btree ("practitioner_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "journal_entries_parent_idx" ON "journal_entries" USING btree ("parent_id");