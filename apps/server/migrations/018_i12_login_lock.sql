-- Wrong passwords lock an account for a while, not for ever: `blocked` stays the administrator's own switch.
ALTER TABLE users ADD COLUMN locked_until timestamptz;

-- The owner is told of a lock by an account mail (account_messages, 014), kept in the account outbox without SMTP.
ALTER TABLE account_messages DROP CONSTRAINT account_messages_purpose_check;
ALTER TABLE account_messages ADD CONSTRAINT account_messages_purpose_check
  CHECK (purpose IN ('welcome', 'reset', 'recovery', 'password_changed', 'two_factor_code', 'lock'));
