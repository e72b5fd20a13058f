-- The home dashboard (issue 19) counts a period's live shippings per state, result and calendar day in the
-- caller's time zone. Counting the period's rows on every call cost ~80 ms at 1,000,000 shippings; two small
-- tables per domain answer a whole-domain reader (shipping-dashboard.queries.ts), only the period's partial ends
-- are read from the shippings:
-- - shipping_day_counts: live shippings per UTC day, state and result (the period's by-state and by-result
--   counts: ~30 days × the states and results in use);
-- - shipping_hour_totals: live shippings per UTC hour (the per-day counts of any zone whose midnights are whole
--   UTC hours: ~720 rows for 30 days).
-- Exact in the writing transaction by statement triggers, as shipping_counts (008). `live` is in no index, so
-- that the triggers' updates of the current day and hour stay HOT.
CREATE TABLE shipping_day_counts (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  day timestamptz NOT NULL,
  state text NOT NULL,
  result text,
  live bigint NOT NULL,
  CONSTRAINT shipping_day_counts_key UNIQUE NULLS NOT DISTINCT (domain_id, day, state, result)
);

CREATE TABLE shipping_hour_totals (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  live bigint NOT NULL,
  CONSTRAINT shipping_hour_totals_key PRIMARY KEY (domain_id, hour)
);

-- Each statement's live rows in (+1) and out (-1), summed per UTC hour, state and result first (one time zone
-- conversion per row), then per key of each table; rows are written only when a number changes, in key order
-- (concurrent writers lock the same rows in the same order). The three branches differ only in the transition
-- tables they read (a trigger sees only those of its event).
CREATE FUNCTION count_live_shippings_by_day_and_hour() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (
      SELECT domain_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result, count(*) AS delta
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4
    ), by_day AS (
      INSERT INTO shipping_day_counts AS counts (domain_id, day, state, result, live)
      SELECT domain_id, date_trunc('day', hour, 'UTC'), state, result, sum(delta) FROM changes
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT shipping_day_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live
    )
    INSERT INTO shipping_hour_totals AS totals (domain_id, hour, live)
    SELECT domain_id, hour, sum(delta) FROM changes
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT shipping_hour_totals_key DO UPDATE SET live = totals.live + EXCLUDED.live;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (
      SELECT domain_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result, -count(*) AS delta
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4
    ), by_day AS (
      INSERT INTO shipping_day_counts AS counts (domain_id, day, state, result, live)
      SELECT domain_id, date_trunc('day', hour, 'UTC'), state, result, sum(delta) FROM changes
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT shipping_day_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live
    )
    INSERT INTO shipping_hour_totals AS totals (domain_id, hour, live)
    SELECT domain_id, hour, sum(delta) FROM changes
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT shipping_hour_totals_key DO UPDATE SET live = totals.live + EXCLUDED.live;
  ELSE
    WITH changes AS (
      SELECT domain_id, date_trunc('hour', at, 'UTC') AS hour, state, result, sum(delta) AS delta FROM (
        SELECT domain_id, created_at AS at, state, result, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT domain_id, created_at, state, result, -1 FROM old_rows WHERE deleted_at IS NULL
      ) AS rows_in_and_out GROUP BY 1, 2, 3, 4
    ), by_day AS (
      INSERT INTO shipping_day_counts AS counts (domain_id, day, state, result, live)
      SELECT domain_id, date_trunc('day', hour, 'UTC'), state, result, sum(delta) FROM changes
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT shipping_day_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live
    )
    INSERT INTO shipping_hour_totals AS totals (domain_id, hour, live)
    SELECT domain_id, hour, sum(delta) FROM changes
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT shipping_hour_totals_key DO UPDATE SET live = totals.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER shippings_dashboard_count_insert AFTER INSERT ON shippings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_day_and_hour();
CREATE TRIGGER shippings_dashboard_count_update AFTER UPDATE ON shippings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_day_and_hour();
CREATE TRIGGER shippings_dashboard_count_delete AFTER DELETE ON shippings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_day_and_hour();

INSERT INTO shipping_day_counts (domain_id, day, state, result, live)
SELECT domain_id, date_trunc('day', created_at, 'UTC'), state, result, count(*) FROM shippings
WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;

INSERT INTO shipping_hour_totals (domain_id, hour, live)
SELECT domain_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM shippings
WHERE deleted_at IS NULL GROUP BY 1, 2;
