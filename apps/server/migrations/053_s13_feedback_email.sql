-- Spec §2 shows the feedback form's e-mail only when the signed-in user has one: a report from a user without an
-- e-mail carries none (the user id says who wrote it). A report without a session must still give one (the service
-- refuses it otherwise).
ALTER TABLE feedback ALTER COLUMN email DROP NOT NULL;
