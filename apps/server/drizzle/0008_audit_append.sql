-- The audit trail's append in one round trip (modules/audit/audit.ts): the caller seals the batch on
-- the chain's last hash as it last knew it; under the chain lock this checks that hash is still the
-- last, and inserts the rows in order (ids follow the arrays' order) only then. It returns NULL when
-- the rows went in, else the actual last hash (another process appended since): the caller seals again
-- on that one. READ COMMITTED gives each statement here a fresh snapshot, so the look-up after the lock
-- sees every batch committed before it.
CREATE FUNCTION "audit_append"(
  expected_prev text, p_at timestamptz[], p_actor uuid[], p_practitioner uuid[], p_patient uuid[], p_session uuid[],
  p_action text[], p_category text[], p_source_ip text[], p_outcome text[], p_detail text[], p_prev_hash text[], p_hash text[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7390212);
  SELECT hash INTO last_hash FROM audit_events ORDER BY id DESC LIMIT 1;
  IF coalesce(last_hash, 'genesis') <> expected_prev THEN
    RETURN coalesce(last_hash, 'genesis');
  END IF;
  INSERT INTO audit_events (at, actor_user_id, practitioner_id, patient_id, session_id, action, category, source_ip, outcome, detail, prev_hash, hash)
  SELECT t.at, t.a, t.pr, t.pa, t.s, t.ac, t.c, t.ip, t.o, t.d, t.ph, t.h
  FROM unnest(p_at, p_actor, p_practitioner, p_patient, p_session, p_action, p_category, p_source_ip, p_outcome, p_detail, p_prev_hash, p_hash)
    WITH ORDINALITY AS t(at, a, pr, pa, s, ac, c, ip, o, d, ph, h, n)
  ORDER BY t.n;
  RETURN NULL;
END
$$;
