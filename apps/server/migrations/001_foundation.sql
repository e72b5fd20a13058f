-- Tenancy, identity, sessions, preferences and feedback.

CREATE TABLE domains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  code text NOT NULL,
  custom_logo text,
  two_factor_cool_down_hours int NOT NULL DEFAULT 4 CHECK (two_factor_cool_down_hours BETWEEN 1 AND 48),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
CREATE UNIQUE INDEX domains_code_live ON domains (lower(code)) WHERE deleted_at IS NULL;

CREATE TABLE companies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  name text NOT NULL,
  tax_id text NOT NULL,
  email text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
CREATE UNIQUE INDEX companies_tax_id_live ON companies (domain_id, upper(tax_id)) WHERE deleted_at IS NULL;
CREATE INDEX companies_domain ON companies (domain_id, id);

CREATE TABLE groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
CREATE UNIQUE INDEX groups_name_live ON groups (domain_id, lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  username text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}',
  permissions text[] NOT NULL DEFAULT '{}',
  language text NOT NULL DEFAULT 'es-es' CHECK (language IN ('es-es', 'en-en', 'pt-pt')),
  is_sandbox boolean NOT NULL DEFAULT false,
  custom_logo text,
  additional_fields jsonb NOT NULL DEFAULT '{}',
  blocked boolean NOT NULL DEFAULT false,
  failed_attempts int NOT NULL DEFAULT 0,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint
);
-- Sign-in is by username alone, so a username is unique across all domains.
CREATE UNIQUE INDEX users_username_live ON users (lower(username)) WHERE deleted_at IS NULL;
CREATE INDEX users_domain ON users (domain_id, id);

CREATE TABLE user_companies (
  user_id bigint NOT NULL REFERENCES users (id),
  company_id bigint NOT NULL REFERENCES companies (id),
  PRIMARY KEY (user_id, company_id)
);
CREATE INDEX user_companies_company ON user_companies (company_id);

CREATE TABLE user_groups (
  user_id bigint NOT NULL REFERENCES users (id),
  group_id bigint NOT NULL REFERENCES groups (id),
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX user_groups_group ON user_groups (group_id);

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE preferences (
  name text PRIMARY KEY,
  value text,
  description text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  msg text NOT NULL,
  device_info text,
  resolution text,
  current_url text,
  request_cid text,
  guid text,
  file_name text,
  file_type text,
  file_content bytea,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);
