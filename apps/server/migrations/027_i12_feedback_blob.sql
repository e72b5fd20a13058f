-- Issue 12: a feedback attachment is kept in the blob store (content-addressed, the same store as shipping
-- documents) and the row names it by its SHA-256; `file_content` stays only for reports stored before.
ALTER TABLE feedback ADD COLUMN file_key text;
