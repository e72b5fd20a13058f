-- The list's total (migration 031) read every row of its partial first and last days: on ten million shippings the
-- last day alone is thousands of rows on each list page, most of the statement's time. Now:
-- - a partial day that holds every live shipping of its UTC day (none created that day before the range starts, or
--   after it ends: a list that ends now or later) is summed from that day's kept counts, whatever the filters;
-- - otherwise, unfiltered by state and result, its whole UTC hours come from shipping_hour_totals (migration 029)
--   and only the rows of its partial hours are read; filtered, its rows are counted as before.
-- `24 hours`, not `1 day`: a day of timestamptz arithmetic follows the session's zone.
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
  v_first bigint;
  v_last bigint;
BEGIN
  IF p_first_day > p_from AND NOT EXISTS (
    SELECT 1 FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND s.created_at >= p_first_day - interval '24 hours' AND s.created_at < p_from
  ) THEN
    v_first := (
      SELECT coalesce(sum(d.live), 0) FROM shipping_day_counts d
       WHERE d.domain_id = p_domain_id AND d.day = p_first_day - interval '24 hours'
         AND (p_states IS NULL OR d.state = ANY (p_states)) AND (p_results IS NULL OR d.result = ANY (p_results))
    );
  ELSIF v_unfiltered THEN
    v_first := (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= p_from AND s.created_at < v_hours_from
    ) + (
      SELECT coalesce(sum(h.live), 0) FROM shipping_hour_totals h
       WHERE h.domain_id = p_domain_id AND h.hour >= v_hours_from AND h.hour < p_first_day
    );
  ELSE
    v_first := (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
         AND s.created_at >= p_from AND s.created_at < p_first_day
    );
  END IF;
  IF p_last_day IS NULL THEN
    v_last := 0;
  ELSIF NOT EXISTS (
    SELECT 1 FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND s.created_at > p_to AND s.created_at < p_last_day + interval '24 hours'
  ) THEN
    v_last := (
      SELECT coalesce(sum(d.live), 0) FROM shipping_day_counts d
       WHERE d.domain_id = p_domain_id AND d.day = p_last_day
         AND (p_states IS NULL OR d.state = ANY (p_states)) AND (p_results IS NULL OR d.result = ANY (p_results))
    );
  ELSIF v_unfiltered THEN
    v_last := (
      SELECT coalesce(sum(h.live), 0) FROM shipping_hour_totals h
       WHERE h.domain_id = p_domain_id AND h.hour >= p_last_day AND h.hour < v_hours_before
    ) + (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= v_hours_before AND s.created_at <= p_to
    );
  ELSE
    v_last := (
      SELECT count(*) FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND (p_states IS NULL OR s.state = ANY (p_states)) AND (p_results IS NULL OR s.result = ANY (p_results))
         AND s.created_at >= p_last_day AND s.created_at <= p_to
    );
  END IF;
  RETURN v_first + v_last + (
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
