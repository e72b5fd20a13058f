-- Templates: the edit lock (who holds it, until when), the images HTML templates show, and whether a
-- recorded message body is HTML (e-mails written from an HTML template).
ALTER TABLE templates
  ADD COLUMN locked_by bigint REFERENCES users (id),
  ADD COLUMN locked_until timestamptz;

CREATE TABLE template_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The unguessable name in the image URL; the images are public (mail clients fetch them).
  public_key text NOT NULL UNIQUE,
  domain_id bigint NOT NULL REFERENCES domains (id),
  blob_key text NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif')),
  size_bytes int NOT NULL,
  name text NOT NULL,
  created_by bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE delivery_messages ADD COLUMN body_html boolean NOT NULL DEFAULT false;
