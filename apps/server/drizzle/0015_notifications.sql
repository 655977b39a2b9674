CREATE TABLE "notification_settings" (
	"practitioner_id" uuid PRIMARY KEY NOT NULL,
	"session_request" text DEFAULT 'instant' NOT NULL,
	"data_request" text DEFAULT 'instant' NOT NULL,
	"kit_results" text DEFAULT 'instant' NOT NULL,
	"fee_due" text DEFAULT 'instant' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_delivery_check" CHECK ("notification_settings"."session_request" in ('off', 'instant', 'digest') and "notification_settings"."data_request" in ('off', 'instant', 'digest') and "notification_settings"."kit_results" in ('off', 'instant', 'digest') and "notification_settings"."fee_due" in ('off', 'instant', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid,
	"transaction_id" uuid,
	"state" text DEFAULT 'new' NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('sessionRequest', 'dataRequestConfirmed', 'dataRequestDeclined', 'kitResults', 'feeDue')),
	CONSTRAINT "notifications_state_check" CHECK ("notifications"."state" in ('new', 'digest', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_open_idx" ON "notifications" USING btree ("state","created_at") WHERE "notifications"."state" in ('new', 'digest');--> statement-breakpoint
CREATE INDEX "notifications_practitioner_idx" ON "notifications" USING btree ("practitioner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_fee_idx" ON "notifications" USING btree ("transaction_id") WHERE "notifications"."kind" = 'feeDue';--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."transport" = 'smtp';--> statement-breakpoint
-- SMTP mail the server tried before it had an outbox worker was tried once, synchronously: it is not
-- sent again years later.
UPDATE "mail_outbox" SET "attempts" = 10 WHERE "transport" = 'smtp' AND "sent_at" IS NULL;--> statement-breakpoint
-- E-mail notifications (decision 013): what a practitioner may be told is written by the database in
-- the transaction of the change itself, whichever process or command made it. A bulk load (the scale
-- seed) turns this off for its own transaction with set_config('portal.notifications', 'off', true).
CREATE FUNCTION "portal_notification"(p_practitioner uuid, p_kind text, p_session uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_practitioner IS NOT NULL AND current_setting('portal.notifications', true) IS DISTINCT FROM 'off' THEN
    INSERT INTO notifications (practitioner_id, kind, session_id) VALUES (p_practitioner, p_kind, p_session);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "portal_notification_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notification(NEW.practitioner_id, 'sessionRequest', NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notification_request" AFTER INSERT ON "sessions" FOR EACH ROW WHEN (NEW.status = 1)
  EXECUTE FUNCTION portal_notification_session();--> statement-breakpoint
CREATE FUNCTION "portal_notification_data_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notification((SELECT s.practitioner_id FROM sessions s WHERE s.id = NEW.session_id),
    CASE NEW.status WHEN 'confirmed' THEN 'dataRequestConfirmed' ELSE 'dataRequestDeclined' END, NEW.session_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "data_requests_notification_answer" AFTER UPDATE OF "status" ON "data_requests" FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status IN ('confirmed', 'declined'))
  EXECUTE FUNCTION portal_notification_data_request();--> statement-breakpoint
CREATE FUNCTION "portal_notification_kit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notification((SELECT s.practitioner_id FROM sessions s WHERE s.id = NEW.session_id), 'kitResults', NEW.session_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "kits_notification_results" AFTER UPDATE OF "status" ON "kits" FOR EACH ROW
  WHEN (NEW.status = 'results_available' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.session_id IS NOT NULL)
  EXECUTE FUNCTION portal_notification_kit();
