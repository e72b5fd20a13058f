-- A receiver's own-certificate signature (sign method PKI) in two calls: the server prepares each PDF with an empty
-- signature and answers the signed attributes the browser signs; what it prepared waits here, bound to the receiver
-- and the certificate, until the signatures come back or it expires (minutes). Nothing here is evidence: a used or
-- expired preparation is deleted.
CREATE TABLE pki_preparations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  receiver_id bigint NOT NULL REFERENCES shipping_receivers (id) ON DELETE CASCADE,
  certificate bytea NOT NULL,
  signing_time timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pki_preparations_receiver ON pki_preparations (receiver_id);
CREATE INDEX pki_preparations_expiry ON pki_preparations (expires_at);

CREATE TABLE pki_prepared_documents (
  preparation_id uuid NOT NULL REFERENCES pki_preparations (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  prepared_pdf bytea NOT NULL,
  signed_attributes bytea NOT NULL,
  PRIMARY KEY (preparation_id, position)
);
