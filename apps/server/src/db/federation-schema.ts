import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

/** migrations/020_i18_core_handover.sql */
export type CoreHandoversTable = {
  id: Id;
  request_hash: string;
  token_hash: string;
  user_id: BigintRef;
  shipping_guid: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
};

export type FederationTables = {
  core_handovers: CoreHandoversTable;
};
