-- Issue 18, SAML sign-in: what any server copy needs to finish a sign-in another began, and to refuse a replay.
-- The AuthnRequest ids Sello sent (SP-initiated), bound to the provider they were sent to: a response's
-- InResponseTo must name one of these, and it is spent by the sign-in it finishes.
CREATE TABLE saml_requests (
  id text PRIMARY KEY,
  provider_id bigint NOT NULL REFERENCES identity_providers (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX saml_requests_expires ON saml_requests (expires_at);

-- The ids of the assertions already used, per provider, until the assertion itself expires: the same assertion
-- posted twice is refused.
CREATE TABLE saml_used_assertions (
  provider_id bigint NOT NULL REFERENCES identity_providers (id),
  assertion_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, assertion_id)
);
CREATE INDEX saml_used_assertions_expires ON saml_used_assertions (expires_at);
