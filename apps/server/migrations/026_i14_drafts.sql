-- What a user had typed on a console form when the session ended (issue 14): one draft per user and form (the
-- form's console route), kept a few days (`expires_at`), its size limited by the server (drafts.service.ts).
CREATE TABLE form_drafts (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  form text NOT NULL,
  payload jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, form)
);
CREATE INDEX form_drafts_expires_at ON form_drafts (expires_at);
