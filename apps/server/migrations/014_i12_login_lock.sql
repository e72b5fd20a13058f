-- Wrong passwords lock an account for a while, not for ever: `blocked` stays the administrator's own switch.
ALTER TABLE users ADD COLUMN locked_until timestamptz;

-- Mail to console users about their account (a lock, for now). `transport` = 'outbox' when no SMTP is
-- configured: the message is kept here instead of being lost, as receivers' messages are.
CREATE TABLE account_mails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('lock')),
  transport text NOT NULL CHECK (transport IN ('outbox', 'smtp', 'failed')),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_mails_user ON account_mails (user_id, id);
