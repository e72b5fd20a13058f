-- The list's total of a whole domain without a state or result filter (what the console opens) summed its whole
-- months and days from the kept counts per state and result (migrations 008 and 029): ~23 rows a month and a day,
-- some 2,000 rows for five years and most of the list's statement on ten million shippings. One row a UTC day and
-- a UTC month now answers it. Both roll up shipping_hour_totals: a row trigger adds each change of an hour's total
-- to its day and month, so a state change, which moves no hour total, writes neither. Hour totals are never deleted
-- but with their domain, which takes its day and month totals with it.
CREATE TABLE shipping_day_totals (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  day timestamptz NOT NULL,
  live bigint NOT NULL,
  CONSTRAINT shipping_day_totals_key PRIMARY KEY (domain_id, day)
);

CREATE TABLE shipping_month_totals (
  domain_id bigint NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  month date NOT NULL,
  live bigint NOT NULL,
  CONSTRAINT shipping_month_totals_key PRIMARY KEY (domain_id, month)
);

CREATE FUNCTION roll_up_shipping_hour_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta bigint := NEW.live - CASE WHEN TG_OP = 'UPDATE' THEN OLD.live ELSE 0 END;
BEGIN
  IF v_delta <> 0 THEN
    INSERT INTO shipping_day_totals AS totals (domain_id, day, live)
    VALUES (NEW.domain_id, date_trunc('day', NEW.hour, 'UTC'), v_delta)
    ON CONFLICT ON CONSTRAINT shipping_day_totals_key DO UPDATE SET live = totals.live + EXCLUDED.live;
    INSERT INTO shipping_month_totals AS totals (domain_id, month, live)
    VALUES (NEW.domain_id, date_trunc('month', NEW.hour AT TIME ZONE 'UTC')::date, v_delta)
    ON CONFLICT ON CONSTRAINT shipping_month_totals_key DO UPDATE SET live = totals.live + EXCLUDED.live;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER shipping_hour_totals_roll_up AFTER INSERT OR UPDATE OF live ON shipping_hour_totals
  FOR EACH ROW EXECUTE FUNCTION roll_up_shipping_hour_total();

INSERT INTO shipping_day_totals (domain_id, day, live)
SELECT domain_id, date_trunc('day', hour, 'UTC'), sum(live) FROM shipping_hour_totals GROUP BY 1, 2;

INSERT INTO shipping_month_totals (domain_id, month, live)
SELECT domain_id, date_trunc('month', hour AT TIME ZONE 'UTC')::date, sum(live) FROM shipping_hour_totals GROUP BY 1, 2;

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
    v_first := CASE WHEN v_unfiltered THEN (
      SELECT coalesce(sum(t.live), 0) FROM shipping_day_totals t
       WHERE t.domain_id = p_domain_id AND t.day = p_first_day - interval '24 hours'
    ) ELSE (
      SELECT coalesce(sum(d.live), 0) FROM shipping_day_counts d
       WHERE d.domain_id = p_domain_id AND d.day = p_first_day - interval '24 hours'
         AND (p_states IS NULL OR d.state = ANY (p_states)) AND (p_results IS NULL OR d.result = ANY (p_results))
    ) END;
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
    v_last := CASE WHEN v_unfiltered THEN (
      SELECT coalesce(sum(t.live), 0) FROM shipping_day_totals t WHERE t.domain_id = p_domain_id AND t.day = p_last_day
    ) ELSE (
      SELECT coalesce(sum(d.live), 0) FROM shipping_day_counts d
       WHERE d.domain_id = p_domain_id AND d.day = p_last_day
         AND (p_states IS NULL OR d.state = ANY (p_states)) AND (p_results IS NULL OR d.result = ANY (p_results))
    ) END;
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
  IF v_unfiltered THEN
    RETURN v_first + v_last + (
      SELECT coalesce(sum(m.live), 0) FROM shipping_month_totals m
       WHERE m.domain_id = p_domain_id
         AND m.month >= p_months_from AND (p_months_before IS NULL OR m.month < p_months_before)
    ) + (
      SELECT coalesce(sum(d.live), 0) FROM shipping_day_totals d
       WHERE d.domain_id = p_domain_id
         AND ((d.day >= p_first_day AND d.day < p_days_before) OR (d.day >= p_days_after AND d.day < p_last_day))
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
