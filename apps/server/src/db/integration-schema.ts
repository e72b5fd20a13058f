import type { ColumnType, Generated } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** migrations/042_s12_integration.sql */
export type ApiKeysTable = {
  id: Generated<string>;
  company_id: BigintRef;
  name: string;
  scopes: string[];
  secret_hash: string;
  prefix: string;
  created_by: BigintRef;
  created_at: Generated<Date> & Timestamp;
  rotated_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
};

export type IdempotentRequestsTable = {
  owner: string;
  endpoint: string;
  idempotency_key: string;
  body_hash: string;
  status: number | null;
  answer: unknown;
  created_at: Generated<Date> & Timestamp;
};

export type WebhookEndpointsTable = {
  id: Generated<string>;
  company_id: BigintRef;
  url: string;
  events: string[];
  secret_sealed: Buffer;
  secret_key_id: string;
  enabled: Generated<boolean>;
  created_by: BigintRef;
  created_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  disabled_at: NullableTimestamp;
};

/** migrations/048_s13_webhook_deliveries.sql */
export type WebhookEventsTable = {
  id: string;
  company_id: BigintRef;
  type: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date> & Timestamp;
};

export type WebhookDeliveriesTable = {
  id: Generated<string>;
  event_id: string;
  endpoint_id: BigintRef;
  attempt: number;
  manual: Generated<boolean>;
  succeeded: boolean;
  response_status: number | null;
  latency_ms: number;
  response_excerpt: Generated<string>;
  error: string | null;
  attempted_at: Generated<Date> & Timestamp;
};

export type IntegrationTables = {
  api_keys: ApiKeysTable;
  idempotent_requests: IdempotentRequestsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
