-- The dashboard's counts (migration 030) read every row of the period's partial first and last UTC days: for the
-- last 30 days on ten million shippings, today's thousands of rows on every call. A partial day with no live
-- shipping outside the period (the usual period, up to now or the end of today) is summed from the kept day counts
-- and hour totals instead, like a whole day; one probe of the domain's date index decides it. `24 hours`, not
-- `1 day`: a day of timestamptz arithmetic follows the session's zone.
CREATE OR REPLACE FUNCTION shipping_dashboard_counts(
  p_domain_id bigint,
  p_from timestamptz,
  p_to timestamptz,
  p_whole_days_from timestamptz,
  p_whole_days_before timestamptz,
  p_whole_hours_from timestamptz,
  p_whole_hours_before timestamptz,
  p_zone text
) RETURNS TABLE (kind text, key text, result text, count int)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- A partial first or last UTC day that holds every live shipping of its day (none created that day before the
  -- period starts, or after it ends: a period up to now) is read from the kept counts like a whole day.
  IF p_from < p_whole_days_from AND p_whole_days_from <= p_to AND NOT EXISTS (
    SELECT 1 FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND s.created_at >= p_whole_days_from - interval '24 hours' AND s.created_at < p_from
  ) THEN
    p_whole_days_from := p_whole_days_from - interval '24 hours';
    p_whole_hours_from := p_whole_days_from;
  END IF;
  IF p_whole_days_before <= p_to AND NOT EXISTS (
    SELECT 1 FROM shippings s
     WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
       AND s.created_at > p_to AND s.created_at < p_whole_days_before + interval '24 hours'
  ) THEN
    p_whole_days_before := p_whole_days_before + interval '24 hours';
    p_whole_hours_before := p_whole_days_before;
  END IF;
  RETURN QUERY
    WITH edges AS (
      SELECT s.state, s.result, s.created_at FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= p_from AND s.created_at < p_whole_days_from AND s.created_at <= p_to
      UNION ALL
      SELECT s.state, s.result, s.created_at FROM shippings s
       WHERE s.domain_id = p_domain_id AND s.deleted_at IS NULL
         AND s.created_at >= p_whole_days_before AND s.created_at >= p_from AND s.created_at <= p_to
    ), pairs AS (
      SELECT k.state, k.result, k.live AS n FROM shipping_day_counts k
       WHERE k.domain_id = p_domain_id AND k.day >= p_whole_days_from AND k.day < p_whole_days_before
      UNION ALL
      SELECT e.state, e.result, 1 FROM edges e
    ), by_hour AS (
      SELECT k.hour AS at, k.live AS n FROM shipping_hour_totals k
       WHERE k.domain_id = p_domain_id AND k.hour >= p_whole_hours_from AND k.hour < p_whole_hours_before
      UNION ALL
      SELECT e.created_at, 1 FROM edges e WHERE e.created_at < p_whole_hours_from OR e.created_at >= p_whole_hours_before
    ), midnights AS (
      SELECT d.day::date AS day, d.day AT TIME ZONE p_zone AS starts, d.i
        FROM generate_series(
          (p_from AT TIME ZONE p_zone)::date::timestamp,
          (p_to AT TIME ZONE p_zone)::date::timestamp,
          interval '1 day'
        ) WITH ORDINALITY AS d(day, i)
    ), days AS (
      SELECT m.day, m.i, date_trunc('hour', m.starts, 'UTC') = m.starts
               AND (m.starts AT TIME ZONE p_zone)::date = m.day
               AND ((m.starts - interval '1 microsecond') AT TIME ZONE p_zone)::date = m.day - 1 AS exact
        FROM midnights m
    ), per_day AS (
      SELECT width_bucket(h.at, (SELECT array_agg(m.starts ORDER BY m.i) FROM midnights m)) AS i, sum(h.n) AS n
        FROM by_hour h GROUP BY 1
    )
    SELECT 'pair', p.state, p.result, sum(p.n)::int FROM pairs p GROUP BY p.state, p.result
    UNION ALL
    SELECT 'day', to_char(d.day, 'YYYY-MM-DD'), NULL, coalesce(p.n, 0)::int FROM days d LEFT JOIN per_day p ON p.i = d.i
    UNION ALL
    SELECT 'inexact', NULL, NULL, 0 FROM days d WHERE NOT d.exact;
END
$$;
