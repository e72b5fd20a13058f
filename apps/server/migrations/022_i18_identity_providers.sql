-- Issue 18: the identity providers a domain trusts for sign-in, SAML 2.0 and OpenID Connect in one table so
-- the login page can find a provider by the e-mail domain a user types, whatever its protocol.
-- `trust_idp_second_factor` off (the default) means Sello still asks its own second factor after the
-- provider's answer: a flaw in an IdP or its library must not bypass it.
CREATE TABLE identity_providers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id bigint NOT NULL REFERENCES domains (id),
  kind text NOT NULL CHECK (kind IN ('saml', 'oidc')),
  name text NOT NULL,
  -- Lower-case e-mail domains (`example.com`) whose users this provider signs in.
  email_domains text[] NOT NULL DEFAULT '{}',
  trust_idp_second_factor boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  -- SAML: the IdP's entity id, its single sign-on URL, the domain's SAML certificate that signs its
  -- responses, and the attribute that names the user (NameID when null).
  saml_entity_id text,
  saml_sso_url text,
  saml_certificate_id bigint REFERENCES saml_certificates (id),
  saml_user_attribute text,
  -- OpenID Connect: issuer, client id, and the client secret encrypted like certificate private keys
  -- (AES-256-GCM with CERTIFICATE_ENCRYPTION_KEY; `oidc_client_secret_key_id` names the key that sealed it).
  oidc_issuer text,
  oidc_client_id text,
  oidc_client_secret_sealed bytea,
  oidc_client_secret_key_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint,
  CHECK (kind <> 'saml' OR (saml_entity_id IS NOT NULL AND saml_sso_url IS NOT NULL AND saml_certificate_id IS NOT NULL)),
  CHECK (kind <> 'oidc' OR (oidc_issuer IS NOT NULL AND oidc_client_id IS NOT NULL AND oidc_client_secret_sealed IS NOT NULL))
);
CREATE UNIQUE INDEX identity_providers_name_live ON identity_providers (domain_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX identity_providers_email_domains ON identity_providers USING gin (email_domains) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX identity_providers_saml_entity_live ON identity_providers (domain_id, saml_entity_id)
  WHERE deleted_at IS NULL AND kind = 'saml';
