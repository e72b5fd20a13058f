-- Bulk imports of shippings (issue 17): one row per import, one staged row per line of its file.
CREATE TABLE imports (
  id bigserial PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains(id),
  company_id bigint NOT NULL REFERENCES companies(id),
  user_id bigint NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('FILE', 'TEMPLATE')),
  state text NOT NULL DEFAULT 'CREATED' CHECK (state IN ('CREATED', 'VALIDATED', 'IN_COURSE', 'FINISHED', 'ERROR')),
  description text,
  file_name text,
  file_sha256 text,
  -- typeId, channel, templateId, column mapping and the shared documents (name, mime, sha256, size)
  settings jsonb NOT NULL,
  total integer NOT NULL DEFAULT 0,
  valid integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  error_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_domain_company_idx ON imports (domain_id, company_id, id DESC);

-- The idempotency key of a row is (import_id, line); a row becomes at most one shipping (shipping_id is
-- unique and set in the transaction that creates the shipping).
CREATE TABLE import_rows (
  id bigserial PRIMARY KEY,
  import_id bigint NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  line integer NOT NULL,
  cells jsonb NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VALID', 'ERROR', 'CREATED')),
  error_field text,
  error_key text,
  -- its receiver repeats an earlier row's: the shipping waits in to_review for a person's decision
  needs_review boolean NOT NULL DEFAULT false,
  shipping_id bigint UNIQUE REFERENCES shippings(id),
  UNIQUE (import_id, line)
);
CREATE INDEX import_rows_status_idx ON import_rows (import_id, status, line);

ALTER TABLE shippings ADD COLUMN import_id bigint REFERENCES imports(id);
CREATE INDEX shippings_import_idx ON shippings (import_id) WHERE import_id IS NOT NULL;
