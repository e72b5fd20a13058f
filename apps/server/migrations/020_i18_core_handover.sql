-- Issue 18, the hand-over from the provider's core platform: a one-time sign-in the core platform obtains for a
-- user through a signed server-to-server call. `request_hash` names the hand-over in the link; only the SHA-256
-- of its secret (`tokenHash` in the link) is kept. Single use, valid for 60 seconds; `shipping_guid` is the
-- shipping the link opens, fixed when the hand-over is made so a link cannot be redirected to another one.
CREATE TABLE core_handovers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_hash text NOT NULL UNIQUE,
  token_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  shipping_guid uuid,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX core_handovers_expiry ON core_handovers (expires_at);
