import type { ColumnType, Generated } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 056: each signed PDF's last document time-stamp, and what version it extends. */
export type DocumentTimestampsTable = {
  sha256: string;
  stamped_at: NullableTimestamp;
  tsa_expires_at: NullableTimestamp;
  previous_sha256: string | null;
  previous_size: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  created_at: Generated<Date>;
};

/** Migration 056: the TSA token over a closed shipping's chain head. */
export type ChainHeadTimestampsTable = {
  id: Generated<string>;
  shipping_id: BigintRef;
  event_count: number;
  head_hash: string;
  token: Buffer;
  stamped_at: Timestamp;
  created_at: Generated<Date>;
};

export type TimestampTables = {
  document_timestamps: DocumentTimestampsTable;
  chain_head_timestamps: ChainHeadTimestampsTable;
};
