-- Webhook deliveries: the events a company's endpoints are told of, and every attempt to tell them.

-- One fact worth telling (a shipping's move, an import finished), written in the transaction of the fact. Its id is
-- the Standard Webhooks `webhook-id`, the same on every attempt.
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every attempt to post an event to an endpoint, in order: its answer's status (NULL when none came), how long it
-- took, the start of the answer, or why no answer came.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL REFERENCES webhook_events (id),
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id),
  attempt integer NOT NULL CHECK (attempt >= 1),
  manual boolean NOT NULL DEFAULT false,
  succeeded boolean NOT NULL,
  response_status smallint,
  latency_ms integer NOT NULL,
  response_excerpt text NOT NULL DEFAULT '',
  error text,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, endpoint_id);

-- When an endpoint last took a delivery, and when (and why) it was disabled after failing too long.
ALTER TABLE webhook_endpoints ADD COLUMN last_success_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN disabled_at timestamptz;
