-- Passwords (issue 13): links of three kinds with their own lifetimes, the short-lived token a link is
-- exchanged for, the password history, the per-login/per-IP record of recovery requests, the mail
-- kept for users when no SMTP server is configured, and the per-domain maximum password age.

ALTER TABLE password_recovery_tokens
  -- welcome: an administrator created the user; reset: an administrator reset the password;
  -- recovery: the user asked for it (pwdrecover).
  ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('welcome', 'reset', 'recovery')),
  -- What pwdrecoverlogin hands out: good only for pwdchg on this link, for a few minutes.
  ADD COLUMN change_token_hash text,
  ADD COLUMN change_expires_at timestamptz;

-- The hashes of a user's recent passwords (the current one included), newest first by id.
CREATE TABLE password_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user ON password_history (user_id, id DESC);
INSERT INTO password_history (user_id, password_hash, created_at)
  SELECT id, password_hash, password_changed_at FROM users;

-- Every pwdrecover request, known login or not (so the limits answer the same for both): the
-- SHA-256 of the lower-cased login and the caller's address.
CREATE TABLE password_recover_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  login_hash text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_recover_requests_login ON password_recover_requests (login_hash, created_at);
CREATE INDEX password_recover_requests_ip ON password_recover_requests (ip, created_at);

-- Mail to users about their account (links, notices). Like delivery_messages, `transport` = 'outbox'
-- when nothing left the building (no SMTP_URL); the body is kept only then, since it carries a link.
CREATE TABLE account_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('welcome', 'reset', 'recovery', 'password_changed')),
  transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text,
  status text NOT NULL CHECK (status IN ('sent', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((transport = 'outbox') = (body IS NOT NULL))
);
CREATE INDEX account_messages_user ON account_messages (user_id, id);

-- What the demo and the tests read: account mail kept here for want of an SMTP server.
CREATE VIEW account_outbox AS
  SELECT id, user_id, purpose, recipient, subject, body, created_at
  FROM account_messages
  WHERE transport = 'outbox';

ALTER TABLE domains
  ADD COLUMN password_max_age_days int CHECK (password_max_age_days BETWEEN 1 AND 3650);
