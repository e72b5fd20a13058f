-- The shipping list of a large tenant (1,000,000 shippings; bench/shippings-list.ts): a page answers in
-- milliseconds and its total is exact without counting a million rows on every request.

-- 1. Kept counts of live shippings per domain, creation month (UTC), state and result, exact in the
-- writing transaction (statement triggers, as live_counts in 006). A whole-domain list filtered at most
-- by state, result and creation dates sums these rows for the months its range covers whole and counts
-- only the rows of its partial first and last month (shippings.queries.ts, countShippingList). A domain
-- has a few thousand rows here, however many shippings it holds.
CREATE TABLE shipping_counts (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  month date NOT NULL,
  state text NOT NULL,
  result text,
  live bigint NOT NULL,
  CONSTRAINT shipping_counts_key UNIQUE NULLS NOT DISTINCT (domain_id, month, state, result)
);

-- Inserts add the new live rows, deletes take the old ones away, updates do both (a state change, a
-- soft delete, a recovery). Rows are written only when a number changes: appending an event updates the
-- shipping but moves no count.
CREATE FUNCTION count_live_shippings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipping_counts AS counts (domain_id, month, state, result, live)
    SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, state, result, count(*)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT shipping_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE shipping_counts AS counts SET live = counts.live - gone.live
    FROM (SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, state, result,
                 count(*) AS live
          FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) AS gone
    WHERE counts.domain_id = gone.domain_id AND counts.month = gone.month AND counts.state = gone.state
      AND counts.result IS NOT DISTINCT FROM gone.result;
  ELSE
    INSERT INTO shipping_counts AS counts (domain_id, month, state, result, live)
    SELECT domain_id, month, state, result, sum(delta) FROM (
      SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, state, result, 1 AS delta
      FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, state, result, -1
      FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT shipping_counts_key DO UPDATE SET live = counts.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER shippings_count_insert AFTER INSERT ON shippings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings();
CREATE TRIGGER shippings_count_update AFTER UPDATE ON shippings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings();
CREATE TRIGGER shippings_count_delete AFTER DELETE ON shippings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_live_shippings();

INSERT INTO shipping_counts (domain_id, month, state, result, live)
SELECT domain_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, state, result, count(*)
FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;

-- 2. Index-only counts of the partial months and of filtered lists: the state and result indexes carry
-- the id, so a count or a page's ids never read the table (004's indexes lacked it).
DROP INDEX shippings_domain_state;
CREATE INDEX shippings_domain_state ON shippings (domain_id, state, created_at DESC, id DESC) WHERE deleted_at IS NULL;
DROP INDEX shippings_domain_result;
CREATE INDEX shippings_domain_result ON shippings (domain_id, result, created_at DESC, id DESC)
  WHERE deleted_at IS NULL AND result IS NOT NULL;

-- 3. Other sort orders of the list: subject, receiver and last change, in the list's order with the id
-- as tie-breaker, so the first pages read a few index entries instead of sorting the domain's rows.
-- The last change carries the creation date, so its pages' ids come from the index alone (the date range
-- is checked on the index entry); the text columns are not copied into their indexes (size).
CREATE INDEX shippings_domain_subject ON shippings (domain_id, lower(subject), id) WHERE deleted_at IS NULL;
CREATE INDEX shippings_domain_receiver ON shippings (domain_id, lower(receiver_summary), id)
  WHERE deleted_at IS NULL;
CREATE INDEX shippings_domain_updated ON shippings (domain_id, updated_at, id) INCLUDE (created_at)
  WHERE deleted_at IS NULL;
