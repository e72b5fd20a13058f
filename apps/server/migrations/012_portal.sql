-- Recipient pages: what a receiver does through its link. PINs (hashed, expiring), when it opened and
-- answered, its wrong PINs and failed identity captures, and which capture an identity document is.

CREATE TABLE receiver_pins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  receiver_id bigint NOT NULL REFERENCES shipping_receivers (id),
  -- The n-th PIN of the receiver: its message's idempotency key is pin:{receiver}:{n}.
  n int NOT NULL CHECK (n >= 1),
  -- SHA-256 of the receiver id and the PIN: never the PIN itself.
  pin_hash text NOT NULL CHECK (pin_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  UNIQUE (receiver_id, n)
);

ALTER TABLE shipping_receivers
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN answered_at timestamptz,
  ADD COLUMN pin_failures int NOT NULL DEFAULT 0 CHECK (pin_failures >= 0),
  ADD COLUMN capture_failures int NOT NULL DEFAULT 0 CHECK (capture_failures >= 0);

-- Identity captures are documents of kind 'identity'; this says which document they show.
ALTER TABLE shipping_documents
  ADD COLUMN capture_kind text CHECK (capture_kind IN ('DNI_NIE', 'PASSPORT', 'DRIVER_LICENSE', 'SELFIE', 'OTHER')),
  ADD CONSTRAINT shipping_documents_capture_kind CHECK ((capture_kind IS NULL) OR (kind = 'identity'));

-- The expiry job looks for unanswered shippings past their deadline, and for custodies that end.
CREATE INDEX shippings_response_deadline ON shippings (response_deadline_at)
  WHERE state IN ('sent', 'in_course') AND result IS NULL AND deleted_at IS NULL;
CREATE INDEX shippings_custody_until ON shippings (custody_until)
  WHERE state = 'in_course' AND result = 'custody_in_course' AND deleted_at IS NULL;
