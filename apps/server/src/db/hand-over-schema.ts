import type { ColumnType, Generated } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 062: one-time accesses to a receiver's page, handed over at the desk. */
export type ReceiverHandOversTable = {
  id: Generated<string>;
  shipping_id: BigintRef;
  receiver_id: BigintRef;
  method: string;
  token_hash: string;
  created_by: BigintRef;
  created_at: Timestamp;
  expires_at: Timestamp;
  opened_at: NullableTimestamp;
  session_hash: ColumnType<string | null, string | null | undefined, string | null>;
  session_expires_at: NullableTimestamp;
};

export type HandOverTables = { receiver_hand_overs: ReceiverHandOversTable };
