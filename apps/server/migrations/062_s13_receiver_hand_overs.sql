-- A receiver's page handed over at the desk (on-screen shippings): the sender mints a one-time access, opened either
-- in a locked kiosk view on the sender's screen or through a QR code on the receiver's phone. Only SHA-256 digests of
-- the tokens are kept. `token_hash` opens the page once, before `expires_at`; opening it sets `opened_at` and gives
-- the page an access of its own (`session_hash`, until `session_expires_at`). The receiver's own link is untouched.
-- The evidence is the `handedOver` event written when the page was opened, not this row.
CREATE TABLE receiver_hand_overs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  receiver_id bigint NOT NULL REFERENCES shipping_receivers (id),
  method text NOT NULL CHECK (method IN ('kiosk', 'qr')),
  token_hash text NOT NULL UNIQUE,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  opened_at timestamptz,
  session_hash text UNIQUE,
  session_expires_at timestamptz,
  CHECK ((opened_at IS NULL) = (session_hash IS NULL))
);
CREATE INDEX receiver_hand_overs_receiver ON receiver_hand_overs (receiver_id);
