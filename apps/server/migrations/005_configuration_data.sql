-- What each domain has contracted of the reference data: the service kinds it may send, the channels
-- it may send on, and the identity documents its receivers may be identified with. No row, or a NULL
-- column, means no restriction: everything Sello offers. The lists themselves (services, channels,
-- document types, countries, street types…) are static data in packages/contracts/src/reference.

CREATE TABLE domain_configuration (
  domain_id bigint PRIMARY KEY REFERENCES domains (id),
  service_kinds text[] CHECK (service_kinds <@ ARRAY[
    'notification', 'acceptance', 'express_acceptance', 'communication', 'custody', 'accreditation',
    'certified_email', 'certified_sms', 'double_acceptance', 'video_identification_attended',
    'video_identification_unattended', 'nfc_identification', 'card_identification', 'card_verification'
  ]::text[]),
  channels text[] CHECK (channels <@ ARRAY['postal', 'sms', 'email', 'whatsapp', 'onscreen']::text[]),
  identity_document_types text[] CHECK (identity_document_types <@ ARRAY[
    'DNI', 'NIE', 'NIF', 'PASSPORT', 'CC_PT', 'NIF_PT', 'EU_ID_CARD', 'OTHER'
  ]::text[]),
  updated_at timestamptz NOT NULL DEFAULT now()
);

