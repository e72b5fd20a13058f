-- Delivery foundation: what every channel shares. The receiver's link (a hashed, expiring token) and
-- the record of every message sent to a receiver; the outbox is the part of it no provider carried.

ALTER TABLE shipping_receivers
  ADD COLUMN access_issued_at timestamptz,
  ADD COLUMN access_expires_at timestamptz,
  ADD CONSTRAINT shipping_receivers_access_pair
    CHECK ((access_token_hash IS NULL) = (access_expires_at IS NULL));

-- One row per message to a receiver, whatever carried it. `transport` = 'outbox' when nothing left the
-- building (sandbox users, channels without a provider); the state machine does not tell them apart.
CREATE TABLE delivery_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Sent to providers as the idempotency key (HTTP) or inside the Message-ID (SMTP).
  guid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  receiver_id bigint NOT NULL REFERENCES shipping_receivers (id),
  purpose text NOT NULL CHECK (purpose IN ('access', 'pin', 'reminder')),
  channel text NOT NULL CHECK (channel IN ('postal', 'sms', 'email', 'whatsapp', 'onscreen')),
  transport text NOT NULL CHECK (transport IN ('outbox', 'smtp', 'sms_http', 'whatsapp_http', 'postal', 'onscreen')),
  -- The address, number or postal line the message went to.
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  -- SHA-256 of subject and body as sent: evidence of the content.
  content_sha256 text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  -- Whoever writes a message names it (e.g. access:{receiver}:{attempt}); a re-run writes nothing twice.
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown')),
  provider_ref text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  status_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_messages_shipping ON delivery_messages (shipping_id, id);
CREATE INDEX delivery_messages_receiver ON delivery_messages (receiver_id, id);
CREATE INDEX delivery_messages_open ON delivery_messages (status, status_at) WHERE status IN ('queued', 'sending');

-- What the demo and the tests read: messages that a sandbox or an unconfigured channel kept here.
CREATE VIEW outbox AS
  SELECT id, guid, shipping_id, receiver_id, purpose, channel, recipient, subject, body, created_at
  FROM delivery_messages
  WHERE transport = 'outbox';
