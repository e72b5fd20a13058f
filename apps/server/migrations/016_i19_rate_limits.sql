-- Rate-limit counters shared by every server copy: one row per limited key and window, counted with one
-- atomic upsert (platform/rate-limit.queries.ts). UNLOGGED: a crash of PostgreSQL may reset the counters,
-- which costs a client at most one fresh window, and spares the WAL a write per limited request.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_at ON rate_limit_counters (window_ends_at);
