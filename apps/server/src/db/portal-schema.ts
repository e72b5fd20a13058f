import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

export type ReceiverPinsTable = {
  id: Generated<string> & Id;
  receiver_id: BigintRef;
  n: number;
  pin_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

/** Columns migration 012 adds to `shipping_receivers`. */
export type PortalReceiverColumns = {
  opened_at: NullableTimestamp;
  answered_at: NullableTimestamp;
  pin_failures: Generated<number>;
  capture_failures: Generated<number>;
};

/** The column migration 012 adds to `shipping_documents`. */
export type PortalDocumentColumns = {
  capture_kind: ColumnType<string | null, string | null | undefined, string | null>;
};

/** The tables of migration 012, merged into `Database` (column additions intersect their tables). */
export type PortalTables = {
  receiver_pins: ReceiverPinsTable;
  shipping_receivers: PortalReceiverColumns;
  shipping_documents: PortalDocumentColumns;
};
