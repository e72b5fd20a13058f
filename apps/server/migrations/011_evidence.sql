-- Evidence: a shipping has at most one certificate, so two workers racing on the same job cannot both
-- store one (the loser's transaction fails and its retry finds the certificate and only certifies).
CREATE UNIQUE INDEX shipping_documents_one_certificate ON shipping_documents (shipping_id) WHERE kind = 'certificate';
