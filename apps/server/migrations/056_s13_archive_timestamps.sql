-- PAdES B-LTA: the last document time-stamp of each stored PDF Sello signed (certificates, non-reports, signed
-- copies), keyed by the file's hash, so the archive job finds the files whose TSA certificate expires soon.
CREATE TABLE document_timestamps (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- The last document time-stamp's time and its TSA certificate's end (both null: the file has none yet).
  stamped_at timestamptz,
  tsa_expires_at timestamptz,
  -- The version this file extends with an archive time-stamp: its bytes are this file's first `previous_size`
  -- bytes, and it stays in the blob store.
  previous_sha256 text CHECK (previous_sha256 ~ '^[0-9a-f]{64}$'),
  previous_size bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_timestamps_expiry ON document_timestamps (tsa_expires_at);

-- The RFC 3161 token over the head of a closed shipping's event chain (its imprint is the head hash itself), so the
-- order and time of every event rest on the TSA rather than on the server's clock.
CREATE TABLE chain_head_timestamps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  event_count int NOT NULL CHECK (event_count >= 1),
  head_hash text NOT NULL CHECK (head_hash ~ '^[0-9a-f]{64}$'),
  token bytea NOT NULL,
  stamped_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipping_id, head_hash)
);
