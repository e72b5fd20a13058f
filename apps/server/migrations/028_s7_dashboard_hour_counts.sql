-- The home dashboard (issue 19) counts a period's live shippings per state, result and calendar day in the
-- caller's time zone. Counting the period's rows on every call cost ~80 ms at 1,000,000 shippings; kept
-- counts per UTC hour answer the whole hours of any period, and the days of any zone whose offset is a whole
-- number of hours (shipping-dashboard.queries.ts); only the partial first and last hours read shippings.
--
-- One row per domain, company, UTC hour, state and result, plus, with a null company, the same counts for the
-- whole domain (what a domain administrator reads: a few rows per hour instead of one per company too).
-- Exact in the writing transaction by statement triggers, as shipping_counts (008). The key's index carries the
-- count, so that a period's rows are read from the index alone.
CREATE TABLE shipping_hour_counts (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  company_id bigint,
  hour timestamptz NOT NULL,
  state text NOT NULL,
  result text,
  live bigint NOT NULL,
  CONSTRAINT shipping_hour_counts_key UNIQUE NULLS NOT DISTINCT (domain_id, company_id, hour, state, result)
    INCLUDE (live)
);

-- Each change counted once per company and once for the domain (the grouping sets); rows are written only
-- when a number changes, in key order (concurrent writers lock the same rows in the same order).
CREATE FUNCTION count_live_shippings_by_hour() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipping_hour_counts AS counts (domain_id, company_id, hour, state, result, live)
    SELECT domain_id, company_id, hour, state, result, count(*)
    FROM (SELECT domain_id, company_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result
          FROM new_rows WHERE deleted_at IS NULL) AS added
    GROUP BY GROUPING SETS ((domain_id, company_id, hour, state, result), (domain_id, hour, state, result))
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT shipping_hour_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipping_hour_counts AS counts (domain_id, company_id, hour, state, result, live)
    SELECT domain_id, company_id, hour, state, result, -count(*)
    FROM (SELECT domain_id, company_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result
          FROM old_rows WHERE deleted_at IS NULL) AS gone
    GROUP BY GROUPING SETS ((domain_id, company_id, hour, state, result), (domain_id, hour, state, result))
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT shipping_hour_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live;
  ELSE
    INSERT INTO shipping_hour_counts AS counts (domain_id, company_id, hour, state, result, live)
    SELECT domain_id, company_id, hour, state, result, sum(delta) FROM (
      SELECT domain_id, company_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result, 1 AS delta
      FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT domain_id, company_id, date_trunc('hour', created_at, 'UTC'), state, result, -1
      FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY GROUPING SETS ((domain_id, company_id, hour, state, result), (domain_id, hour, state, result))
    HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT shipping_hour_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER shippings_hour_count_insert AFTER INSERT ON shippings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_hour();
CREATE TRIGGER shippings_hour_count_update AFTER UPDATE ON shippings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_hour();
CREATE TRIGGER shippings_hour_count_delete AFTER DELETE ON shippings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings_by_hour();

INSERT INTO shipping_hour_counts (domain_id, company_id, hour, state, result, live)
SELECT domain_id, company_id, hour, state, result, count(*)
FROM (SELECT domain_id, company_id, date_trunc('hour', created_at, 'UTC') AS hour, state, result
      FROM shippings WHERE deleted_at IS NULL) AS live
GROUP BY GROUPING SETS ((domain_id, company_id, hour, state, result), (domain_id, hour, state, result));
