import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type BigintRef = ColumnType<string, string | number, string | number>;
type Json = ColumnType<unknown, string, string>;

export type FormDraftsTable = {
  user_id: BigintRef;
  form: string;
  payload: Json;
  saved_at: Generated<Date> & Timestamp;
  expires_at: Timestamp;
};

export type DraftTables = { form_drafts: FormDraftsTable };
