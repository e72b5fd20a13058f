import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;
type JsonObject = JSONColumnType<Record<string, string>, string, string>;

/** Columns migration 004 adds to `shipping_types`: what creating a shipping of the type needs. */
export type ShippingTypeCreationColumns = {
  channels: ColumnType<string[], string[] | undefined, string[]>;
  requires_auth: Generated<boolean>;
  auth_deadline_hours: Generated<number>;
  response_days: Generated<number>;
  custody_days: number | null;
  // migration 014: the type editor's settings.
  position: Generated<number>;
  sign_method: string | null;
  placement: JSONColumnType<TPlacementJson | null, string | null, string | null>;
  pin_signature_text: string | null;
  font: Generated<string>;
  multi_signer_order: Generated<number>;
  identification_documents: ColumnType<string[], string[] | undefined, string[]>;
  other_documents_limit: Generated<number>;
  meta_properties: JSONColumnType<unknown[], string | undefined, string>;
  custom_fields: JSONColumnType<unknown[], string | undefined, string>;
  form_controls: JSONColumnType<unknown[], string | undefined, string>;
};

type TPlacementJson = { page: string; position: string; elements: string[] };

/** Migration 063: a type's default template for one content type (HTML, SMS) and one language. */
export type ShippingTypeDefaultTemplatesTable = {
  type_id: BigintRef;
  content_type: string;
  language: string;
  template_id: BigintRef;
};

export type ShippingTypeAuthorisersTable = {
  id: Generated<string> & Id;
  type_id: BigintRef;
  user_id: BigintRef | null;
  group_id: BigintRef | null;
};

export type ShippingsTable = {
  id: Generated<string> & Id;
  guid: Generated<string>;
  domain_id: BigintRef;
  company_id: BigintRef;
  type_id: BigintRef;
  sender_id: BigintRef;
  /** The API key that sent it (migration 042), or null from the console. */
  api_key_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  service_kind: string;
  channel: string;
  template_id: BigintRef | null;
  /** The template as sent (migration 043): the shipping's own values filled, the receiver's left for the dispatch. */
  template_content_type: ColumnType<string | null, string | null | undefined, string | null>;
  template_subject: ColumnType<string | null, string | null | undefined, string | null>;
  template_body: ColumnType<string | null, string | null | undefined, string | null>;
  reference: string | null;
  subject: string;
  body: string | null;
  state: string;
  result: string | null;
  situation_code: string | null;
  situation_reason: string | null;
  substate: string | null;
  custom_fields: JsonObject;
  meta_properties: JsonObject;
  form_values: JSONColumnType<{ name: string; label: string; value: string }[], string | undefined, string>;
  multi_signer_order: number;
  pin_signature_text: string | null;
  font: string | null;
  custody_days: number | null;
  requires_auth: boolean;
  needs_review: Generated<boolean>;
  /** The import that created it (issue 17). */
  import_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  auth_round: Generated<number>;
  auth_deadline_at: NullableTimestamp;
  response_deadline_at: NullableTimestamp;
  custody_until: NullableTimestamp;
  is_sandbox: Generated<boolean>;
  receiver_summary: string;
  search_text: string;
  event_count: Generated<number>;
  last_event_hash: string | null;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type ShippingReceiversTable = {
  id: Generated<string> & Id;
  shipping_id: BigintRef;
  position: number;
  kind: string;
  name: string;
  document_type: string | null;
  document_number: string | null;
  email: string | null;
  cc: string | null;
  mobile: string | null;
  language: string | null;
  street_type: string | null;
  street: string | null;
  street_num_type: string | null;
  street_number: string | null;
  address_extra: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  status: Generated<string>;
  status_at: NullableTimestamp;
  access_token_hash: string | null;
  access_issued_at: NullableTimestamp;
  access_expires_at: NullableTimestamp;
};

export type ShippingDocumentsTable = {
  id: Generated<string> & Id;
  shipping_id: BigintRef;
  position: number;
  kind: Generated<string>;
  receiver_id: BigintRef | null;
  name: string;
  mime_type: string;
  size_bytes: ColumnType<string, number, number>;
  category: Generated<string>;
  sha256: string;
  created_at: Generated<Date> & Timestamp;
};

export type ShippingAuthorisationsTable = {
  id: Generated<string> & Id;
  shipping_id: BigintRef;
  round: number;
  user_id: BigintRef | null;
  group_id: BigintRef | null;
  decision: Generated<string>;
  decided_by: BigintRef | null;
  decided_at: NullableTimestamp;
  comment: string | null;
  deadline_at: Timestamp;
  created_at: Generated<Date> & Timestamp;
};

export type ShippingEventsTable = {
  id: Generated<string> & Id;
  shipping_id: BigintRef;
  seq: number;
  at: Timestamp;
  actor_kind: string;
  actor_user_id: BigintRef | null;
  action: string;
  from_state: string | null;
  from_result: string | null;
  from_deleted: boolean | null;
  to_state: string;
  to_result: string | null;
  to_deleted: boolean;
  reason: string | null;
  details: JSONColumnType<Record<string, unknown>, string, string>;
  prev_hash: string;
  hash: string;
};

export type ExportJobsTable = {
  id: Generated<string> & Id;
  guid: Generated<string>;
  user_id: BigintRef;
  kind: string;
  request: JSONColumnType<Record<string, unknown>, string, string>;
  state: Generated<string>;
  row_count: number | null;
  file_key: string | null;
  file_name: string | null;
  error: string | null;
  created_at: Generated<Date> & Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  expires_at: Generated<Date> & Timestamp;
};

/** The tables of migration 004, merged into `Database`. */
export type ShippingTables = {
  shipping_types: ShippingTypeCreationColumns;
  shipping_type_authorisers: ShippingTypeAuthorisersTable;
  shipping_type_default_templates: ShippingTypeDefaultTemplatesTable;
  shippings: ShippingsTable;
  shipping_receivers: ShippingReceiversTable;
  shipping_documents: ShippingDocumentsTable;
  shipping_authorisations: ShippingAuthorisationsTable;
  shipping_events: ShippingEventsTable;
  export_jobs: ExportJobsTable;
};
