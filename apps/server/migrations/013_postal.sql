-- Postal delivery: the letters the print room renders for postal access messages, the print batches
-- that carry them to the courier, and the courier's result per letter.

-- Letters and courier proofs are shipping documents (blob store, SHA-256), so verification and the
-- evidence pack see them like any other file. The allowed kinds are read from the constraint as it
-- stands and extended, so another migration that added kinds before this one keeps them.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT match[1])
    INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS match
   WHERE c.conrelid = 'shipping_documents'::regclass AND c.conname = 'shipping_documents_kind_check';
  kinds := ARRAY(SELECT DISTINCT unnest(coalesce(kinds, ARRAY[]::text[]) || ARRAY['letter', 'courier_proof']));
  ALTER TABLE shipping_documents DROP CONSTRAINT IF EXISTS shipping_documents_kind_check;
  EXECUTE format('ALTER TABLE shipping_documents ADD CONSTRAINT shipping_documents_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END
$$;

-- A print batch: the letters of one domain waiting when it was made, printed as one PDF.
CREATE TABLE postal_batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'printed', 'handed')),
  letter_count int NOT NULL CHECK (letter_count > 0),
  -- The batch PDF in the blob store (its SHA-256 is the key).
  file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_size bigint NOT NULL CHECK (file_size > 0),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  printed_by bigint REFERENCES users (id),
  printed_at timestamptz,
  handed_by bigint REFERENCES users (id),
  handed_at timestamptz,
  CHECK ((status = 'created') = (printed_at IS NULL)),
  CHECK ((status = 'handed') = (handed_at IS NOT NULL))
);
CREATE INDEX postal_batches_domain ON postal_batches (domain_id, id DESC);

-- One letter per postal access message. Its status follows its batch until the courier answers.
CREATE TABLE postal_letters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  shipping_id bigint NOT NULL REFERENCES shippings (id),
  receiver_id bigint NOT NULL REFERENCES shipping_receivers (id),
  -- The message is the letter's idempotency record: rendering it twice makes one letter.
  message_id bigint NOT NULL UNIQUE REFERENCES delivery_messages (id),
  -- Printed on the letter; what the courier reports back.
  reference uuid NOT NULL UNIQUE,
  document_id bigint NOT NULL REFERENCES shipping_documents (id),
  status text NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'batched', 'printed', 'handed', 'delivered', 'failed')),
  batch_id bigint REFERENCES postal_batches (id),
  courier_ref text CHECK (char_length(courier_ref) <= 100),
  result_date date,
  result_at timestamptz,
  result_by bigint REFERENCES users (id),
  proof_document_id bigint REFERENCES shipping_documents (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'waiting') = (batch_id IS NULL)),
  CHECK ((status IN ('delivered', 'failed')) = (result_at IS NOT NULL))
);
CREATE INDEX postal_letters_waiting ON postal_letters (domain_id, id) WHERE status = 'waiting';
CREATE INDEX postal_letters_batch ON postal_letters (batch_id, id);
CREATE INDEX postal_letters_shipping ON postal_letters (shipping_id);
