import type { ColumnType, Generated } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Migration 054: what the server prepared for a receiver's own-certificate signature, until it is used. */
export type PkiPreparationsTable = {
  id: Generated<string>;
  receiver_id: BigintRef;
  certificate: Buffer;
  signing_time: Timestamp;
  expires_at: Timestamp;
};

export type PkiPreparedDocumentsTable = {
  preparation_id: string;
  position: number;
  name: string;
  prepared_pdf: Buffer;
  signed_attributes: Buffer;
};

export type PkiTables = { pki_preparations: PkiPreparationsTable; pki_prepared_documents: PkiPreparedDocumentsTable };
