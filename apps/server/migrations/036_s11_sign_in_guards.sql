-- Sign-in guards (session 11, issue 26).

-- Wrong passwords count per login and source (the client's IPv4 address, or its IPv6 /64), so a stranger's failures
-- delay that stranger only. A row is written the same way for a login nobody has: the login is stored as the SHA-256
-- of its lower-cased text. Each failure from the `LOGIN_MAX_FAILED_ATTEMPTS`-th on delays the pair for twice as long
-- as the one before (`LOGIN_LOCK_MINUTES`, then double, at most a day); a pair quiet for a day is forgotten.
CREATE TABLE sign_in_failures (
  login_hash text NOT NULL,
  source text NOT NULL,
  failures integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  delayed_until timestamptz,
  PRIMARY KEY (login_hash, source)
);
CREATE INDEX sign_in_failures_forgotten ON sign_in_failures ((coalesce(delayed_until, last_failed_at)));

-- The account-wide count of wrong passwords is gone: the failures are those of the pairs above. `locked_until` now
-- says until when a guard holds for the account (some source delayed, or the second factor locked): administrators
-- see it as "blocked" and may lift it; it no longer refuses a sign-in by itself. `lock_mailed_at`: the last mail
-- telling the owner, at most one an hour.
ALTER TABLE users DROP COLUMN failed_attempts;
ALTER TABLE users ADD COLUMN lock_mailed_at timestamptz;

-- Wrong second-factor codes count per user across challenges; the tenth in a row locks the factor for a while.
ALTER TABLE users ADD COLUMN two_factor_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN two_factor_locked_until timestamptz;

ALTER TABLE two_factor_events DROP CONSTRAINT two_factor_events_kind_check;
ALTER TABLE two_factor_events ADD CONSTRAINT two_factor_events_kind_check
  CHECK (kind IN ('enrolled', 'reset', 'recovery_code_used', 'challenge_ended', 'locked'));

ALTER TABLE account_messages DROP CONSTRAINT account_messages_purpose_check;
ALTER TABLE account_messages ADD CONSTRAINT account_messages_purpose_check
  CHECK (purpose IN ('welcome', 'reset', 'recovery', 'password_changed', 'two_factor_code', 'lock', 'two_factor_lock'));

-- A token refresh marks the session it replaces, so a rotated-out token (alive for its grace) never mints another.
ALTER TABLE sessions ADD COLUMN rotated_at timestamptz;
