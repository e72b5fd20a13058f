-- Session 11 (issue 26): a federated sign-in never opens a session for a user ranked above whoever configured the
-- way in. `configured_rank` is the rank (contracts role-rules ROLE_RANK: 0 super admin, 1 domain admin, 2 admin)
-- of the person who last created or changed the provider, and of the SAML certificate that checks its signatures.
-- Rows written before the rank was recorded count as configured by a plain administrator, the widest rank that
-- could configure them then; a domain administrator who saves them again restores their own rank.
ALTER TABLE identity_providers ADD COLUMN configured_rank smallint NOT NULL DEFAULT 2
  CHECK (configured_rank BETWEEN 0 AND 5);
ALTER TABLE identity_providers ALTER COLUMN configured_rank DROP DEFAULT;
ALTER TABLE saml_certificates ADD COLUMN configured_rank smallint NOT NULL DEFAULT 2
  CHECK (configured_rank BETWEEN 0 AND 5);
ALTER TABLE saml_certificates ALTER COLUMN configured_rank DROP DEFAULT;
