import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

export type PostalBatchStatus = 'created' | 'printed' | 'handed';
export type PostalLetterStatus = 'waiting' | 'batched' | 'printed' | 'handed' | 'delivered' | 'failed';

export type PostalBatchesTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  status: Generated<PostalBatchStatus>;
  letter_count: number;
  file_sha256: string;
  file_size: ColumnType<string, number, number>;
  created_by: BigintRef;
  created_at: Generated<Date> & Timestamp;
  printed_by: BigintRef | null;
  printed_at: NullableTimestamp;
  handed_by: BigintRef | null;
  handed_at: NullableTimestamp;
};

export type PostalLettersTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  shipping_id: BigintRef;
  receiver_id: BigintRef;
  message_id: BigintRef;
  reference: string;
  document_id: BigintRef;
  status: Generated<PostalLetterStatus>;
  batch_id: BigintRef | null;
  courier_ref: string | null;
  result_date: ColumnType<string | null, string | null | undefined, string | null>;
  result_at: NullableTimestamp;
  result_by: BigintRef | null;
  proof_document_id: BigintRef | null;
  created_at: Generated<Date> & Timestamp;
};

/** The tables of migration 013, merged into `Database`. */
export type PostalTables = {
  postal_batches: PostalBatchesTable;
  postal_letters: PostalLettersTable;
};
