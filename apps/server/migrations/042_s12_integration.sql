-- Issue 33: companies send from their own systems. API keys (a technical user of one company), the answers of
-- idempotent calls, and signed webhooks with their delivery log.

-- A key's secret is high-entropy random, so its SHA-256 is enough to store (no slow hash: nothing to guess).
CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['send', 'read', 'imports']),
  secret_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_company ON api_keys (company_id, id);

-- The shippings a key sent: attributed to the key and, through sender_id, to its creator.
ALTER TABLE shippings ADD COLUMN api_key_id bigint REFERENCES api_keys (id);
CREATE INDEX shippings_api_key ON shippings (api_key_id) WHERE api_key_id IS NOT NULL;

-- The first answer of a call made with an Idempotency-Key, per caller (a key, or a user) and call, for 24 hours.
-- `status` NULL: the first call is still running.
CREATE TABLE idempotent_requests (
  owner text NOT NULL,
  endpoint text NOT NULL,
  idempotency_key text NOT NULL,
  body_hash text NOT NULL,
  status smallint,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, endpoint, idempotency_key)
);
CREATE INDEX idempotent_requests_created ON idempotent_requests (created_at);

-- Webhook endpoints of a company. The signing secret is sealed with the AES-256-GCM box of the OIDC client secrets
-- (CERTIFICATE_ENCRYPTION_KEY): the server must sign with it, so it cannot be hashed.
CREATE TABLE webhook_endpoints (
  id bigserial PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  secret_sealed bytea NOT NULL,
  secret_key_id text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints (company_id) WHERE deleted_at IS NULL;
