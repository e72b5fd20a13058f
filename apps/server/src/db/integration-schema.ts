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
};

export type IntegrationTables = {
  api_keys: ApiKeysTable;
  idempotent_requests: IdempotentRequestsTable;
  webhook_endpoints: WebhookEndpointsTable;
};
