-- Whether a company's SMS may leave the GSM-7 alphabet: allowed, a message with a character outside it is sent as
-- UCS-2 (70 characters a segment, 67 when split) and the console shows it with its cost; refused, such a message is
-- rejected before it is sent. Allowed by default: Spanish and Portuguese accents (á, í, ó, ú, ç, ã, õ) need it.
ALTER TABLE companies ADD COLUMN sms_ucs2_allowed boolean NOT NULL DEFAULT true;
