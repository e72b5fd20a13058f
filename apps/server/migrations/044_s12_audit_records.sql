-- Audit trail (issue 34): who changed what in the administration and every security event, one row per change,
-- written in the transaction of the change. Rows form one hash chain per tenant (`domain_id`; 0 for events that
-- belong to no domain, such as a failed sign-in under a login nobody has), like shipping_events: `hash` is the
-- SHA-256 of the canonical JSON of the record including `prev_hash` (platform/audit-chain.ts).
CREATE TABLE audit_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL,
  seq bigint NOT NULL CHECK (seq >= 1),
  at timestamptz NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'api_key', 'system', 'anonymous')),
  actor_user_id bigint,
  actor_name text,
  actor_roles text[] NOT NULL DEFAULT '{}',
  api_key_id bigint,
  ip text,
  user_agent text,
  entity text NOT NULL,
  entity_id text,
  action text NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  UNIQUE (domain_id, seq)
);
CREATE INDEX audit_records_at ON audit_records (at DESC, id DESC);
CREATE INDEX audit_records_domain_at ON audit_records (domain_id, at DESC, id DESC);

-- The head of each tenant's chain, locked by the writer so records of one tenant are numbered one after another.
-- `purged_seq`/`purged_hash`: the last record the retention purge removed; the chain check starts after it.
CREATE TABLE audit_chain_heads (
  domain_id bigint PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL DEFAULT repeat('0', 64),
  purged_seq bigint NOT NULL DEFAULT 0,
  purged_hash text NOT NULL DEFAULT repeat('0', 64)
);

-- Append-only: no UPDATE, no TRUNCATE; a DELETE only of records older than the cut-off the retention purge sets for
-- its own transaction (SET LOCAL sello.audit_purge_before).
CREATE FUNCTION audit_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('sello.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.at < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_records is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_records_no_update BEFORE UPDATE OR DELETE ON audit_records
  FOR EACH ROW EXECUTE FUNCTION audit_records_append_only();
CREATE TRIGGER audit_records_no_truncate BEFORE TRUNCATE ON audit_records
  FOR EACH STATEMENT EXECUTE FUNCTION audit_records_append_only();
REVOKE UPDATE, TRUNCATE ON audit_records FROM PUBLIC;
