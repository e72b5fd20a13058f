-- The dashboard's latest shippings in error for a reader of a whole domain (shipping-dashboard.queries.ts
-- selectDashboard), in a function for the reason of 030: one shape, planned once per connection on a generic plan.
-- Inside the dashboard's single statement it was planned again on every call (PostgreSQL's own choice kept custom
-- plans for the whole statement), which cost as much as running it.
CREATE FUNCTION shipping_dashboard_errors(p_domain_id bigint, p_from timestamptz, p_to timestamptz, p_limit int)
RETURNS TABLE (id bigint, reference text, subject text, state text, result text, "createdAt" timestamptz)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.reference, s.subject, s.state, s.result, s.created_at FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL AND s.created_at >= p_from AND s.created_at <= p_to
       AND (s.result = 'error' OR s.state = 'not_send_error')
     ORDER BY s.created_at DESC, s.id DESC
     LIMIT p_limit;
END
$$;
