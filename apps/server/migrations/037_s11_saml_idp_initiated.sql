-- Login CSRF (issue 26): a SAML response must answer a request the same browser started, unless the provider
-- explicitly allows sign-ins its IdP starts (unsolicited responses, without InResponseTo). Off for every provider.
ALTER TABLE identity_providers ADD COLUMN saml_allow_idp_initiated boolean NOT NULL DEFAULT false;
