-- Issue 31: the template a shipping is sent with is kept as it was when the sender saw its preview, with the
-- shipping's own values (company, reference, custom fields) already filled. The message (`body`) is the sender's
-- own text, which the frame places where it holds {{message}}; the receiver's values are filled at dispatch.
-- Null for shippings without a template and for those created before this column (the dispatch then reads the
-- template itself).
ALTER TABLE shippings
  ADD COLUMN template_content_type text CHECK (template_content_type IN ('HTML', 'SMS')),
  ADD COLUMN template_subject text,
  ADD COLUMN template_body text,
  ADD CHECK ((template_body IS NULL) = (template_content_type IS NULL));
