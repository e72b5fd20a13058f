import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, never>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;
type NullableBigint = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Json = ColumnType<Record<string, unknown>, string, string>;

/** One change or security event (migrations/044_s12_audit_records.sql); never updated. */
export type AuditRecordsTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  seq: BigintRef;
  at: Timestamp;
  actor_kind: 'user' | 'api_key' | 'system' | 'anonymous';
  actor_user_id: NullableBigint;
  actor_name: string | null;
  actor_roles: string[];
  api_key_id: NullableBigint;
  ip: string | null;
  user_agent: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  changes: Json;
  prev_hash: string;
  hash: string;
};

export type AuditChainHeadsTable = {
  domain_id: BigintRef;
  seq: BigintRef;
  last_hash: string;
  /** Set only by the database's purge function (the server's role may not write them). */
  purged_seq: ColumnType<string, never, never>;
  purged_hash: ColumnType<string, never, never>;
};

export type AuditTables = { audit_records: AuditRecordsTable; audit_chain_heads: AuditChainHeadsTable };
