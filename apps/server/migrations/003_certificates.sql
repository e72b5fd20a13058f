-- Certificates (a domain's signing/seal certificates with their private keys) and SAML certificates
-- (signing certificates of the identity providers a domain trusts). Soft delete like every table with a bin.

CREATE TABLE certificates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  name text NOT NULL,
  alias text,
  active boolean NOT NULL DEFAULT true,
  -- What was read from the certificate (subject and issuer as full DNs, most specific first).
  subject text NOT NULL,
  subject_cn text,
  issuer text NOT NULL,
  issuer_cn text,
  serial_number text NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  key_usage text[] NOT NULL DEFAULT '{}',
  extended_key_usage text[] NOT NULL DEFAULT '{}',
  key_algorithm text NOT NULL,
  fingerprint_sha256 text NOT NULL,
  -- The certificate and its chain in PEM, leaf first.
  chain_pem text NOT NULL,
  -- The private key (PKCS#8 PEM) sealed with AES-256-GCM: version byte, IV, tag, ciphertext.
  private_key_sealed bytea NOT NULL,
  -- Which encryption key sealed it: the first 16 hex characters of the key's SHA-256.
  private_key_key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
CREATE UNIQUE INDEX certificates_name_live ON certificates (domain_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX certificates_domain_valid_to ON certificates (domain_id, valid_to) WHERE deleted_at IS NULL;
CREATE INDEX certificates_domain_deleted ON certificates (domain_id, deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE saml_certificates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  name text NOT NULL,
  entity_id text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  subject text NOT NULL,
  subject_cn text,
  issuer text NOT NULL,
  issuer_cn text,
  serial_number text NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  key_usage text[] NOT NULL DEFAULT '{}',
  extended_key_usage text[] NOT NULL DEFAULT '{}',
  key_algorithm text NOT NULL,
  fingerprint_sha256 text NOT NULL,
  certificate_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
CREATE UNIQUE INDEX saml_certificates_name_live ON saml_certificates (domain_id, lower(name)) WHERE deleted_at IS NULL;
-- SAML sign-in looks up the live certificates of an identity provider.
CREATE INDEX saml_certificates_entity_live ON saml_certificates (domain_id, entity_id) WHERE deleted_at IS NULL;
CREATE INDEX saml_certificates_domain_deleted ON saml_certificates (domain_id, deleted_at) WHERE deleted_at IS NOT NULL;
