-- Issue 13, second factor: authenticator apps (TOTP), single-use recovery codes, codes by e-mail, sign-in
-- challenges, trusted browsers and the record of what happened to a user's second factor.

-- Which users of a domain must have a second factor: nobody, administrators, everybody.
ALTER TABLE domains
  ADD COLUMN two_factor_required text NOT NULL DEFAULT 'off'
    CHECK (two_factor_required IN ('off', 'admins', 'all'));

-- A user's authenticator. The secret is sealed (AES-256-GCM under the certificate key); `pending_secret`
-- is an enrolment not yet confirmed by a first code. `last_step` is the TOTP time step last accepted: a code
-- of that step or an older one is never accepted again.
CREATE TABLE user_two_factor (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  totp_secret bytea,
  enrolled_at timestamptz,
  last_step bigint,
  pending_secret bytea,
  pending_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Ten single-use recovery codes per enrolment, stored as SHA-256 of the normalised code (80-bit random codes).
CREATE TABLE two_factor_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);

-- The step between a right password and a session. Any server copy can finish it.
CREATE TABLE two_factor_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  -- 'verify': the user has a second factor; 'enrol': the domain requires one the user has not yet.
  purpose text NOT NULL CHECK (purpose IN ('verify', 'enrol')),
  failed_attempts integer NOT NULL DEFAULT 0,
  -- A code sent by e-mail, hashed, with its own expiry.
  mail_code_hash text,
  mail_code_expires_at timestamptz,
  mail_codes_sent integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX two_factor_challenges_user ON two_factor_challenges (user_id, created_at);

-- 'Trust this browser': the hash of the random token kept in the browser's HttpOnly cookie.
CREATE TABLE trusted_browsers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX trusted_browsers_user ON trusted_browsers (user_id);

-- What happened to a user's second factor and who did it (append-only).
CREATE TABLE two_factor_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  domain_id bigint NOT NULL REFERENCES domains (id),
  actor_id bigint REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('enrolled', 'reset', 'recovery_code_used', 'challenge_ended')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX two_factor_events_user ON two_factor_events (user_id, id);

-- Codes mailed for a second factor while no SMTP server is configured: the account's outbox, read by the
-- demo and the tests like the receivers' `outbox`.
-- Codes mailed without SMTP are kept in the account's outbox (account_messages, 014), as password mails are.
ALTER TABLE account_messages DROP CONSTRAINT account_messages_purpose_check;
ALTER TABLE account_messages ADD CONSTRAINT account_messages_purpose_check
  CHECK (purpose IN ('welcome', 'reset', 'recovery', 'password_changed', 'two_factor_code'));
