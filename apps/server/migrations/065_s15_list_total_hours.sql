-- The list's total (migration 031) read every row of its partial first and last days: on ten million shippings the
-- last day alone is thousands of rows on each list page, most of the statement's time. Unfiltered by state and
-- result, the whole UTC hours of those days now come from shipping_hour_totals (migration 029) and only the rows of
-- the partial hours at each end are read; filtered by state or result, the days' rows are counted as before.
CREATE OR REPLACE FUNCTION shipping_list_total(
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
DECLARE
  v_unfiltered boolean := p_states IS NULL AND p_results IS NULL;
  -- The first whole hour of the first partial day, and the end of the whole hours of the last one.
  v_hours_from timestamptz := least(
    date_trunc('hour', p_from, 'UTC')
      + CASE WHEN date_trunc('hour', p_from, 'UTC') = p_from THEN interval '0' ELSE interval '1 hour' END,
    p_first_day);
  v_hours_before timestamptz := greatest(date_trunc('hour', p_to, 'UTC'), p_last_day);
  v_edges bigint;
BEGIN
  IF v_unfiltered THEN
    v_edges := (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= p_from AND s.created_at < v_hours_from
    ) + (
      SELECT coalesce(sum(h.live), 0) FROM shipping_hour_totals h
       WHERE h.domain_id = p_domain_id
         AND ((h.hour >= v_hours_from AND h.hour < p_first_day) OR (h.hour >= p_last_day AND h.hour < v_hours_before))
    ) + (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= v_hours_before AND s.created_at <= p_to
    );
  ELSE
    v_edges := (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
         AND s.created_at >= p_from AND s.created_at < p_first_day
    ) + (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
         AND s.created_at >= p_last_day AND s.created_at <= p_to
    );
  END IF;
  RETURN v_edges + (
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
