-- Settings an administrator changes on screen. A domain may set its own session length; without a row it follows the
-- platform's preference of the same name.
CREATE TABLE domain_preferences (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain_id, name)
);
