-- The handwritten signature of a receiver (sign method BIOHAND_GRAPH). `sealed` holds the biometric data (every
-- point's position, pressure and time) encrypted with the provider's key (AES-256-GCM, bound to the receiver);
-- `sha256` is their hash as the acceptance event records it; `outline` only the strokes' shape (positions rounded
-- to the pad), which is what the signed document shows anyway.
CREATE TABLE receiver_handwritings (
  receiver_id bigint PRIMARY KEY REFERENCES shipping_receivers (id) ON DELETE CASCADE,
  sealed bytea NOT NULL,
  key_id text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  outline jsonb NOT NULL,
  point_count integer NOT NULL CHECK (point_count > 0),
  stroke_count integer NOT NULL CHECK (stroke_count > 0),
  created_at timestamptz NOT NULL
);
