-- The server works as `sello_app`, a role that owns nothing: it reads and writes the application's rows but may not
-- update, delete or truncate audit records, nor drop their triggers or alter their table (only an owner may). These
-- migrations run as the owner. See docs/decisions/operations.md, "The server's database role".
--
-- Roles are cluster-wide and many databases may migrate at once (test copies, several installations): the role is
-- created only when missing, and a creation that loses the race to another is taken as done. On a PostgreSQL where
-- the owner may not create roles, the operator creates `sello_app` first (README, docs/operations.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sello_app') THEN
    BEGIN
      CREATE ROLE sello_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO sello_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sello_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO sello_app;

-- Whatever the owner creates from now on (tables of later migrations, pg-boss's schema and tables when it installs
-- or upgrades) is granted the same way; a later append-only table revokes what it must, as below.
ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO sello_app;
ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sello_app;
ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO sello_app;

-- pg-boss installed its schema before this migration on a database the server used as its owner.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') THEN
    GRANT USAGE ON SCHEMA pgboss TO sello_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO sello_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO sello_app;
  END IF;
END
$$;

-- Audit records: read and append only.
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_records FROM sello_app;
-- A chain head: the writer creates it and moves it; where the purge left the chain (purged_seq, purged_hash) only
-- the purge function below sets, so the chain check cannot be told to start later than it should.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_heads FROM sello_app;
GRANT INSERT (domain_id, seq, last_hash), UPDATE (seq, last_hash) ON audit_chain_heads TO sello_app;
-- The server reads which migrations ran; only the owner applies them.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM sello_app;

-- The trigger's purge bypass holds only for a cut-off at least a year old, whoever sets it.
CREATE OR REPLACE FUNCTION audit_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('sello.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.at < cutoff::timestamptz
      AND cutoff::timestamptz <= now() - interval '365 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_records is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

-- The retention purge, the only way records leave: runs with the owner's rights, deletes only records older than
-- `p_keep_days` days (oldest first per tenant, so each chain loses a prefix) and refuses to keep less than 365 days
-- whatever the server's configuration says. The cut-off is taken from the database's clock, not the caller's. It moves
-- each tenant's purge anchor to the last record it removed, where the chain check starts.
CREATE FUNCTION purge_audit_records(p_keep_days integer) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cutoff timestamptz;
  purged bigint;
BEGIN
  IF p_keep_days IS NULL OR p_keep_days < 365 THEN
    RAISE EXCEPTION 'audit records are kept at least 365 days (% refused)', p_keep_days
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  cutoff := now() - make_interval(days => p_keep_days);
  PERFORM set_config('sello.audit_purge_before', cutoff::text, true);
  WITH gone AS (
    DELETE FROM audit_records r
    WHERE r.at < cutoff
      AND NOT EXISTS (SELECT 1 FROM audit_records n WHERE n.domain_id = r.domain_id AND n.seq < r.seq
        AND n.at >= cutoff)
    RETURNING r.domain_id, r.seq, r.hash
  ), last AS (
    SELECT DISTINCT ON (domain_id) domain_id, seq, hash FROM gone ORDER BY domain_id, seq DESC
  ), moved AS (
    UPDATE audit_chain_heads h SET purged_seq = last.seq, purged_hash = last.hash
    FROM last WHERE h.domain_id = last.domain_id
  )
  SELECT count(*) INTO purged FROM gone;
  PERFORM set_config('sello.audit_purge_before', '', true);
  RETURN purged;
END
$$;
REVOKE EXECUTE ON FUNCTION purge_audit_records(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION purge_audit_records(integer) TO sello_app;
