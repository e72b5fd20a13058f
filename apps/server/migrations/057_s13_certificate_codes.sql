-- The short code printed (and drawn as a QR code) on each certificate and non-report, which opens the public
-- verification page. It names one stored file and how many events of the chain that file lists, so the page can
-- say what the file itself says and nothing more.
CREATE TABLE certificate_codes (
  code text PRIMARY KEY,
  shipping_id bigint NOT NULL REFERENCES shippings (id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  event_count integer NOT NULL,
  issued_at timestamptz NOT NULL
);
CREATE INDEX certificate_codes_sha256 ON certificate_codes (sha256);
CREATE INDEX certificate_codes_shipping ON certificate_codes (shipping_id);
