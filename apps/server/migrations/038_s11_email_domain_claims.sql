-- Issue 26: an identity provider's e-mail domain is a claim, and only a verified claim routes 'Sign in with your
-- organisation'. Several providers (of any tenants) may claim one e-mail domain unverified; at most one claim of a
-- domain is verified (the partial unique index), by a super admin or by a link mailed to an administrator mailbox
-- of that domain. The claims replace the provider's `email_domains` array (one source for the list and its state).
CREATE TABLE identity_provider_email_domains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id bigint NOT NULL REFERENCES identity_providers (id) ON DELETE CASCADE,
  -- Lower-case e-mail domain (`example.com`) whose users the provider asks to sign in.
  email_domain text NOT NULL,
  state text NOT NULL DEFAULT 'unverified' CHECK (state IN ('unverified', 'verified')),
  verified_at timestamptz,
  -- 'superAdmin': `verified_by` is the super admin; 'mail': `verified_mailbox` received the link that was followed.
  verified_how text CHECK (verified_how IN ('superAdmin', 'mail')),
  verified_by bigint,
  verified_mailbox text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, email_domain),
  CHECK ((state = 'verified') = (verified_at IS NOT NULL AND verified_how IS NOT NULL)),
  CHECK (verified_how IS DISTINCT FROM 'superAdmin' OR verified_by IS NOT NULL),
  CHECK (verified_how IS DISTINCT FROM 'mail' OR verified_mailbox IS NOT NULL)
);
CREATE UNIQUE INDEX identity_provider_email_domains_verified ON identity_provider_email_domains (email_domain)
  WHERE state = 'verified';

-- Every existing e-mail domain becomes an unverified claim: nothing routes until it is verified.
INSERT INTO identity_provider_email_domains (provider_id, email_domain)
SELECT DISTINCT p.id, domain FROM identity_providers p CROSS JOIN LATERAL unnest(p.email_domains) AS domain;
DROP INDEX identity_providers_email_domains;
ALTER TABLE identity_providers DROP COLUMN email_domains;

-- Links mailed to `<local part>@<domain>`: only the SHA-256 of the token, single use, expiring; a new link of a
-- claim voids its earlier unused ones.
CREATE TABLE identity_provider_domain_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES identity_provider_email_domains (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  mailbox text NOT NULL,
  requested_by bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_provider_domain_links_claim ON identity_provider_domain_links (claim_id);
