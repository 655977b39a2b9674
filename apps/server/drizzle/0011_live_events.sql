-- Live updates (decision 011): what changed for a practitioner is announced with NOTIFY from the
-- database itself, so every server process listening on it hears every change, whichever process (or
-- the admin and patient commands) made it, and only once the change is committed. Payloads carry ids
-- and a kind, never patient data: {"p": practitioner id, "k": kind, "s": session id or null}.
CREATE FUNCTION "portal_notify"(p_practitioner uuid, p_kind text, p_session uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_practitioner IS NOT NULL THEN
    PERFORM pg_notify('portal_events', json_build_object('p', p_practitioner, 'k', p_kind, 's', p_session)::text);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "portal_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notify(NEW.practitioner_id, 'session', NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_insert" AFTER INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION portal_notify_session();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_update" AFTER UPDATE OF "status", "booking_time" ON "sessions" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.booking_time IS DISTINCT FROM NEW.booking_time)
  EXECUTE FUNCTION portal_notify_session();--> statement-breakpoint
CREATE FUNCTION "portal_notify_data_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notify((SELECT s.practitioner_id FROM sessions s WHERE s.id = NEW.session_id), 'dataRequest', NEW.session_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "data_requests_notify_insert" AFTER INSERT ON "data_requests" FOR EACH ROW EXECUTE FUNCTION portal_notify_data_request();--> statement-breakpoint
CREATE TRIGGER "data_requests_notify_update" AFTER UPDATE OF "status" ON "data_requests" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION portal_notify_data_request();--> statement-breakpoint
CREATE FUNCTION "portal_notify_kit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_notify(NEW.practitioner_id, 'kit', NEW.session_id);
  IF TG_OP = 'UPDATE' AND OLD.practitioner_id IS DISTINCT FROM NEW.practitioner_id THEN
    PERFORM portal_notify(OLD.practitioner_id, 'kit', OLD.session_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "kits_notify_insert" AFTER INSERT ON "kits" FOR EACH ROW EXECUTE FUNCTION portal_notify_kit();--> statement-breakpoint
CREATE TRIGGER "kits_notify_update" AFTER UPDATE OF "status", "session_id", "practitioner_id", "warehouse_id" ON "kits" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.session_id IS DISTINCT FROM NEW.session_id
    OR OLD.practitioner_id IS DISTINCT FROM NEW.practitioner_id OR OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id)
  EXECUTE FUNCTION portal_notify_kit();--> statement-breakpoint
CREATE FUNCTION "portal_notify_kit_data"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  SELECT practitioner_id, session_id INTO k FROM kits WHERE id = NEW.kit_id;
  PERFORM portal_notify(k.practitioner_id, TG_ARGV[0], k.session_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "results_notify_insert" AFTER INSERT ON "results" FOR EACH ROW EXECUTE FUNCTION portal_notify_kit_data('kit');--> statement-breakpoint
CREATE TRIGGER "pgx_reports_notify" AFTER INSERT OR UPDATE OF "status", "built_at", "changes" ON "pgx_reports" FOR EACH ROW EXECUTE FUNCTION portal_notify_kit_data('report');--> statement-breakpoint
-- A sign-on session that ends (signed out, its refresh token reused, removed) or a user deactivated:
-- every process ends the live streams that stood on it at once.
CREATE FUNCTION "portal_notify_auth"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify_revoke" AFTER UPDATE OF "revoked_at" ON "auth_sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION portal_notify_auth('s');--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify_delete" AFTER DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION portal_notify_auth('s');--> statement-breakpoint
CREATE TRIGGER "users_notify_deactivate" AFTER UPDATE OF "is_active" ON "users" FOR EACH ROW
  WHEN (OLD.is_active AND NOT NEW.is_active)
  EXECUTE FUNCTION portal_notify_auth('u');--> statement-breakpoint
CREATE TRIGGER "users_notify_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION portal_notify_auth('u');
