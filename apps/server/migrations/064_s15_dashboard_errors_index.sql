-- The dashboard's latest errors (shipping_dashboard_errors, migration 033) walked the domain's date index back from
-- the end of the period and read each shipping until it had found its few errors: errors are rare, so on ten
-- million shippings that was thousands of rows (20 ms warm, 100 ms cold) for five answers. The errors alone, newest
-- first, in an index of their own.
CREATE INDEX shippings_domain_errors ON shippings (domain_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL AND (result = 'error' OR state = 'not_send_error');
