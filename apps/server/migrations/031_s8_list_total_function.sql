-- The exact total of a whole-domain list of live shippings filtered at most by state, result and creation dates
-- (shipping-list.queries.ts countShippingList, where the cuts of the range are computed): the rows of the partial
-- first and last UTC days counted one by one, whole months from shipping_counts (008), the other whole days from
-- shipping_day_counts (029). A function for the same reason as shipping_dashboard_counts (030): one statement
-- shape, planned once per connection on a generic plan, instead of planned on every page of the list.
-- A NULL array is no filter; a NULL bound leaves its part out (p_to: the list has no end; p_months_before: the
-- months run to the end).
CREATE FUNCTION shipping_list_total(
  p_domain_id bigint,
  p_states text[],
  p_results text[],
  p_from timestamptz,
  p_to timestamptz,
  p_first_day timestamptz,
  p_last_day timestamptz,
  p_months_from date,
  p_months_before date,
  p_days_before timestamptz,
  p_days_after timestamptz
) RETURNS bigint
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT count(*) FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
       AND s.created_at >= p_from AND s.created_at < p_first_day
  ) + (
    SELECT count(*) FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
       AND s.created_at >= p_last_day AND s.created_at <= p_to
  ) + (
    SELECT coalesce(sum(c.live), 0) FROM shipping_counts c
     WHERE c.domain_id = p_domain_id
       AND (p_states IS NULL OR c.state = ANY (p_states)) AND (p_results IS NULL OR c.result = ANY (p_results))
       AND c.month >= p_months_from AND (p_months_before IS NULL OR c.month < p_months_before)
  ) + (
    SELECT coalesce(sum(d.live), 0) FROM shipping_day_counts d
     WHERE d.domain_id = p_domain_id
       AND (p_states IS NULL OR d.state = ANY (p_states)) AND (p_results IS NULL OR d.result = ANY (p_results))
       AND ((d.day >= p_first_day AND d.day < p_days_before) OR (d.day >= p_days_after AND d.day < p_last_day))
  );
END
$$;
