CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"practitioner_id" uuid,
	"patient_id" uuid,
	"session_id" uuid,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"source_ip" text,
	"outcome" text NOT NULL,
	"detail" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_session_idx" ON "audit_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_practitioner_idx" ON "audit_events" USING btree ("practitioner_id","id");--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
