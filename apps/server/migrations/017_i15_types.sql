-- Shipping types: every setting of the type editor, the display order, the imported form, and the
-- form values a shipping carries.

ALTER TABLE shipping_types
  ADD COLUMN position int NOT NULL DEFAULT 0,
  ADD COLUMN sign_method text,
  ADD COLUMN placement jsonb,
  ADD COLUMN pin_signature_text text CHECK (pin_signature_text IN ('signatureVal', 'summaryVal')),
  ADD COLUMN font text NOT NULL DEFAULT 'helvetica'
    CHECK (font IN ('times-roman', 'courier', 'helvetica', 'liberation-sans')),
  ADD COLUMN multi_signer_order int NOT NULL DEFAULT 0 CHECK (multi_signer_order IN (0, 1)),
  ADD COLUMN identification_documents text[] NOT NULL DEFAULT '{}',
  ADD COLUMN other_documents_limit int NOT NULL DEFAULT 0 CHECK (other_documents_limit BETWEEN 0 AND 7),
  ADD COLUMN meta_properties jsonb NOT NULL DEFAULT '[]'
    CHECK (jsonb_typeof(meta_properties) = 'array' AND jsonb_array_length(meta_properties) <= 5),
  ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '[]'
    CHECK (jsonb_typeof(custom_fields) = 'array' AND jsonb_array_length(custom_fields) <= 10),
  ADD COLUMN form_controls jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(form_controls) = 'array');

-- The current order: by name within each domain, as the lists showed it so far.
UPDATE shipping_types AS t SET position = ordered.n
  FROM (SELECT id, row_number() OVER (PARTITION BY domain_id ORDER BY lower(name), id) AS n FROM shipping_types) AS ordered
  WHERE ordered.id = t.id;

CREATE INDEX shipping_types_domain_position ON shipping_types (domain_id, position, id) WHERE deleted_at IS NULL;

-- Values of the type's form a shipping was sent with: [{name, label, value}], as the form was then.
ALTER TABLE shippings ADD COLUMN form_values jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(form_values) = 'array');
