import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;
type Json<T> = ColumnType<T, string, string>;

export type TImportDocument = { name: string; mime: string; sha256: string; size: number; category: string };

/** What an import was asked to do, fixed at upload. */
export type TImportSettings = {
  typeId: number;
  channel: string;
  templateId?: number;
  /** File column (normalised header) → shipping field. */
  mapping: Record<string, string>;
  /** The file's header row: as written and normalised (the key of each row's cells). */
  columns: { header: string; key: string }[];
  documents: TImportDocument[];
  /** Files of an uploaded ZIP, by lower-case name, that rows name in their `files` column. */
  rowDocuments?: Record<string, TImportDocument>;
  /** Template imports: the template's variables, filled from the row's cells of the same name. */
  variables?: string[];
};

export type ImportsTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  company_id: BigintRef;
  user_id: BigintRef;
  type: 'FILE' | 'TEMPLATE';
  state: Generated<'CREATED' | 'VALIDATED' | 'IN_COURSE' | 'FINISHED' | 'ERROR'>;
  description: string | null;
  file_name: string | null;
  file_sha256: string | null;
  settings: Json<TImportSettings>;
  total: Generated<number>;
  valid: Generated<number>;
  errors: Generated<number>;
  created: Generated<number>;
  error_key: string | null;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
};

export type ImportRowsTable = {
  id: Generated<string> & Id;
  import_id: BigintRef;
  line: number;
  cells: Json<Record<string, string>>;
  status: Generated<'PENDING' | 'VALID' | 'ERROR' | 'CREATED'>;
  error_field: string | null;
  error_key: string | null;
  needs_review: Generated<boolean>;
  shipping_id: BigintRef | null;
};

export type ImportTables = { imports: ImportsTable; import_rows: ImportRowsTable };
