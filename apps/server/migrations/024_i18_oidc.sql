-- Issue 18, OpenID Connect: one row per sign-in begun with `OAuthAccess`, so any server copy finishes a flow
-- another began. Only the SHA-256 of `state` is kept; `nonce` and the PKCE `code_verifier` go with it to the
-- token exchange. Single use (`used_at`), valid for a few minutes; `shipping_guid` is the shipping the sign-in
-- opens (`OAuthAccess?uuid`), fixed at the start like the core hand-over's.
CREATE TABLE oidc_flows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  state_hash text NOT NULL UNIQUE,
  provider_id bigint NOT NULL REFERENCES identity_providers (id),
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  shipping_guid uuid,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oidc_flows_expiry ON oidc_flows (expires_at);
