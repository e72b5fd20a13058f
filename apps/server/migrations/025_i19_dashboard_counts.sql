-- The dashboard counts a period's shippings per state, result and day: with state and result in the
-- domain's creation-date index, that is an index-only scan of the period instead of a visit to every row.
DROP INDEX shippings_domain_created;
CREATE INDEX shippings_domain_created ON shippings (domain_id, created_at DESC, id DESC) INCLUDE (state, result)
  WHERE deleted_at IS NULL;
