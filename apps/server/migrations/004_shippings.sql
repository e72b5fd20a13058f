-- Shippings: what creation needs from a shipping type, the shippings with their receivers, documents,
-- authorisations and an append-only, hash-chained event log; background export jobs.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Number of keys of a JSON object (CHECK constraints cannot hold sub-queries).
CREATE FUNCTION jsonb_object_key_count(value jsonb) RETURNS int
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT count(*)::int FROM jsonb_object_keys(value) $$;

ALTER TABLE shipping_types
  ADD CONSTRAINT shipping_types_service_kind CHECK (service_kind IN (
    'notification', 'acceptance', 'express_acceptance', 'communication', 'custody', 'accreditation',
    'certified_email', 'certified_sms', 'double_acceptance', 'video_identification_attended',
    'video_identification_unattended', 'nfc_identification', 'card_identification', 'card_verification')),
  ADD COLUMN channels text[] NOT NULL DEFAULT '{email}'
    CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['postal', 'sms', 'email', 'whatsapp', 'onscreen']),
  ADD COLUMN requires_auth boolean NOT NULL DEFAULT false,
  ADD COLUMN auth_deadline_hours int NOT NULL DEFAULT 72 CHECK (auth_deadline_hours BETWEEN 1 AND 8760),
  -- How long the recipient has to answer; the delivery side closes unanswered shippings with `timeout`.
  ADD COLUMN response_days int NOT NULL DEFAULT 15 CHECK (response_days BETWEEN 1 AND 365),
  -- Custody services keep the documents available this long; null for the other services.
  ADD COLUMN custody_days int CHECK (custody_days BETWEEN 1 AND 3650),
  ADD COLUMN default_template_id bigint REFERENCES templates (id),
  ADD COLUMN default_sms_template_id bigint REFERENCES templates (id);

-- Who authorises shippings of a type: named users or any member of a group. Each row is one
-- authorisation every shipping of the type needs.
CREATE TABLE shipping_type_authorisers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type_id bigint NOT NULL REFERENCES shipping_types (id),
  user_id bigint REFERENCES users (id),
  group_id bigint REFERENCES groups (id),
  CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX shipping_type_authorisers_user ON shipping_type_authorisers (type_id, user_id)
  WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX shipping_type_authorisers_group ON shipping_type_authorisers (type_id, group_id)
  WHERE group_id IS NOT NULL;

CREATE TABLE shippings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  guid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  domain_id bigint NOT NULL REFERENCES domains (id),
  company_id bigint NOT NULL REFERENCES companies (id),
  type_id bigint NOT NULL REFERENCES shipping_types (id),
  sender_id bigint NOT NULL REFERENCES users (id),
  service_kind text NOT NULL CHECK (service_kind IN (
    'notification', 'acceptance', 'express_acceptance', 'communication', 'custody', 'accreditation',
    'certified_email', 'certified_sms', 'double_acceptance', 'video_identification_attended',
    'video_identification_unattended', 'nfc_identification', 'card_identification', 'card_verification')),
  channel text NOT NULL CHECK (channel IN ('postal', 'sms', 'email', 'whatsapp', 'onscreen')),
  template_id bigint REFERENCES templates (id),
  reference text,
  subject text NOT NULL,
  body text,
  state text NOT NULL CHECK (state IN (
    'to_review', 'sent', 'in_course', 'closed', 'pending_to_send', 'not_send_error', 'pending_auth', 'no_auth',
    'auths_expired', 'pending_cert', 'pending_cert_postal', 'auths_pending_user', 'cancel_pending',
    'pending_import')),
  result text CHECK (result IN (
    'accepted', 'deny', 'custody_in_course', 'authorizer_reject', 'supervisor_reject', 'error', 'pin_error',
    'timeout', 'exceeded_ocr_tries', 'cancelled_by_sender', 'not_send')),
  situation_code text CHECK (situation_code IN ('P07', 'P01', 'P02', 'P03', 'P05', 'P08', 'P11', 'P12', 'P13',
    'P99', 'P00')),
  situation_reason text CHECK (situation_reason IN ('OPTION_ZERO', 'DOCUMENT_DATA_INVALID', 'NOT_DOCUMENT_AGREE',
    'RCPT_INVALID', 'SENDER_UNKNOWN', 'SMS_NOT_RECEIVED', 'TECHNICAL_PROBLEMS', 'USER_DATA_INVALID',
    'USER_MOBILE_CHANGED', 'USER_NO_TOKENS_AVAILABLE', 'OTHER_REASONS')),
  substate text CHECK (substate IN ('WELCOME_PAGE_ACCEPTED', 'IDCARD_READING', 'IDCARD_SAVING', 'PENDING_CLOSE',
    'IDCARD_SAVING_IDENTITY_MISSING', 'IDCARD_SAVING_IDENTITY_ERROR', 'IDCARD_SAVING_OTHER_MISSING',
    'IDCARD_SAVING_OTHER_ERROR', 'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR')),
  custom_fields jsonb NOT NULL DEFAULT '{}'
    CHECK (jsonb_typeof(custom_fields) = 'object' AND jsonb_object_key_count(custom_fields) <= 10),
  meta_properties jsonb NOT NULL DEFAULT '{}'
    CHECK (jsonb_typeof(meta_properties) = 'object' AND jsonb_object_key_count(meta_properties) <= 5),
  multi_signer_order smallint NOT NULL DEFAULT 0 CHECK (multi_signer_order IN (0, 1)),
  pin_signature_text text CHECK (pin_signature_text IN ('signatureVal', 'summaryVal')),
  font text CHECK (font IN ('times-roman', 'courier', 'helvetica', 'liberation-sans')),
  custody_days int CHECK (custody_days BETWEEN 1 AND 3650),
  requires_auth boolean NOT NULL,
  needs_review boolean NOT NULL DEFAULT false,
  -- Every retry after an authorisation expiry opens a new round of authorisations.
  auth_round int NOT NULL DEFAULT 1,
  auth_deadline_at timestamptz,
  response_deadline_at timestamptz,
  custody_until timestamptz,
  is_sandbox boolean NOT NULL DEFAULT false,
  -- The first receiver's name (and how many more) for the list, and lower-case text the free search reads.
  receiver_summary text NOT NULL,
  search_text text NOT NULL,
  -- Head of the event chain: the number and hash of the last event, so an append needs no extra read.
  event_count int NOT NULL DEFAULT 0,
  last_event_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint REFERENCES users (id)
);
-- The list: tenant predicate, then the default order (newest first) with the id as tie-breaker.
CREATE INDEX shippings_domain_created ON shippings (domain_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX shippings_company_created ON shippings (company_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX shippings_sender_created ON shippings (sender_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX shippings_domain_state ON shippings (domain_id, state, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX shippings_domain_result ON shippings (domain_id, result, created_at DESC)
  WHERE deleted_at IS NULL AND result IS NOT NULL;
CREATE INDEX shippings_domain_type ON shippings (domain_id, type_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX shippings_domain_deleted ON shippings (domain_id, deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX shippings_search ON shippings USING gin (search_text gin_trgm_ops);
-- Authorisation expiry looks for shippings whose deadline has passed.
CREATE INDEX shippings_auth_deadline ON shippings (auth_deadline_at)
  WHERE state IN ('pending_auth', 'auths_pending_user') AND deleted_at IS NULL;

CREATE TABLE shipping_receivers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  -- Signing order when the shipping asks for one (multi-signer order 1); otherwise the order given.
  position int NOT NULL CHECK (position >= 1),
  kind text NOT NULL CHECK (kind IN ('individual', 'company')),
  name text NOT NULL,
  document_type text CHECK (document_type IN ('DNI', 'NIF', 'NIE')),
  document_number text,
  email text,
  cc text,
  mobile text,
  language text CHECK (language IN ('es-es', 'en-en', 'pt-pt')),
  street_type text,
  street text,
  street_num_type text,
  street_number text,
  address_extra text,
  postal_code text,
  city text,
  province text,
  country text,
  -- Delivery to this receiver (the delivery side moves it): pending until dispatched.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN (
    'pending', 'sent', 'delivered', 'opened', 'accepted', 'rejected', 'failed', 'expired')),
  status_at timestamptz,
  access_token_hash text UNIQUE,
  UNIQUE (shipping_id, position)
);

CREATE TABLE shipping_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  -- `fileRequest` of the API: the document's number within its shipping.
  position int NOT NULL CHECK (position >= 1),
  -- What the file is: the sender's original, the copy sent, evidence produced later, identity captures.
  kind text NOT NULL DEFAULT 'original'
    CHECK (kind IN ('original', 'sent', 'non_report', 'certificate', 'courier', 'identity', 'video')),
  receiver_id bigint REFERENCES shipping_receivers (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  category text NOT NULL DEFAULT 'UNSPECIFIED'
    CHECK (category IN ('UNSPECIFIED', 'IMAGE', 'DOCUMENT', 'PAYROLL', 'INCOME', 'UNCATEGORIZED')),
  -- The blob store key is the SHA-256 of the bytes, computed when they were stored.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipping_id, position)
);
CREATE INDEX shipping_documents_shipping_kind ON shipping_documents (shipping_id, kind);

-- One row per authorisation a shipping needs in a round: a named user or any member of a group.
CREATE TABLE shipping_authorisations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  round int NOT NULL,
  user_id bigint REFERENCES users (id),
  group_id bigint REFERENCES groups (id),
  decision text NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending', 'authorized', 'denied', 'expired')),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  comment text,
  deadline_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE INDEX shipping_authorisations_shipping ON shipping_authorisations (shipping_id, round);
CREATE INDEX shipping_authorisations_user_open ON shipping_authorisations (user_id, shipping_id)
  WHERE decision = 'pending' AND user_id IS NOT NULL;
CREATE INDEX shipping_authorisations_group_open ON shipping_authorisations (group_id, shipping_id)
  WHERE decision = 'pending' AND group_id IS NOT NULL;

-- Evidence: one row per transition, never changed. `hash` is the SHA-256 of the canonical JSON of the
-- event including `prev_hash`, so every event seals all those before it.
CREATE TABLE shipping_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  seq int NOT NULL CHECK (seq >= 1),
  at timestamptz NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'system')),
  actor_user_id bigint REFERENCES users (id),
  action text NOT NULL,
  from_state text,
  from_result text,
  from_deleted boolean,
  to_state text NOT NULL,
  to_result text,
  to_deleted boolean NOT NULL,
  reason text,
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  CHECK ((actor_kind = 'user') = (actor_user_id IS NOT NULL)),
  UNIQUE (shipping_id, seq)
);

CREATE FUNCTION shipping_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'shipping_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER shipping_events_no_update BEFORE UPDATE OR DELETE ON shipping_events
  FOR EACH ROW EXECUTE FUNCTION shipping_events_append_only();
CREATE TRIGGER shipping_events_no_truncate BEFORE TRUNCATE ON shipping_events
  FOR EACH STATEMENT EXECUTE FUNCTION shipping_events_append_only();

-- Background exports of the shipping list, prepared for the user who asked.
CREATE TABLE export_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  guid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('shippings')),
  request jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'ready', 'failed')),
  row_count int,
  file_key text,
  file_name text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day'
);
CREATE INDEX export_jobs_user ON export_jobs (user_id, created_at DESC);
