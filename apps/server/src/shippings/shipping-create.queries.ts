import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function selectCompanyForShipping(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId', 'name', 'sms_ucs2_allowed as smsUcs2Allowed'])
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function selectTypeForCreation(db: Db, domainId: string, companyId: string, typeId: string) {
  return db
    .selectFrom('shipping_types')
    .select([
      'id',
      'service_kind as serviceKind',
      'channels',
      'requires_auth as requiresAuth',
      'auth_deadline_hours as authDeadlineHours',
      'custody_days as custodyDays',
      'response_days as responseDays',
      'pin_signature_text as pinSignatureText',
      'font',
      'sign_method as signMethod',
      'multi_signer_order as multiSignerOrder',
      'meta_properties as metaProperties',
      'custom_fields as customFields',
      'form_controls as formControls',
    ])
    .where('id', '=', typeId)
    .where('domain_id', '=', domainId)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function selectTypeAuthorisers(db: Db, typeIds: readonly string[]) {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('shipping_type_authorisers as ta')
    .leftJoin('users as u', 'u.id', 'ta.user_id')
    .leftJoin('groups as g', 'g.id', 'ta.group_id')
    .select(['ta.type_id as typeId', 'ta.user_id as userId', 'ta.group_id as groupId'])
    .select(sql<string>`coalesce(u.name, g.name)`.as('name'))
    .where('ta.type_id', 'in', typeIds)
    .where(sql<SqlBool>`(u.id IS NULL OR (u.deleted_at IS NULL AND u.active))`)
    .where(sql<SqlBool>`(g.id IS NULL OR (g.deleted_at IS NULL AND g.active))`)
    .orderBy('ta.id')
    .execute();
}

/** A live, active template of the domain usable by the company. */
export async function selectTemplateForShipping(db: Db, domainId: string, companyId: string, templateId: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'content_type as contentType', 'subject', 'body'])
    .where('id', '=', templateId)
    .where('domain_id', '=', domainId)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The ids among `userIds` of live, active users of the domain assigned to the company. */
export async function selectAuthoriserCandidates(db: Db, domainId: string, companyId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_companies as uc', 'uc.user_id', 'u.id')
    .select('u.id')
    .where('u.id', 'in', userIds)
    .where('u.domain_id', '=', domainId)
    .where('uc.company_id', '=', companyId)
    .where('u.deleted_at', 'is', null)
    .where('u.active', '=', true)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export type TNewShipping = {
  domainId: string;
  companyId: string;
  typeId: string;
  /** Set when an import created it. */
  importId?: string | null;
  senderId: string;
  /** The API key that sends it (its creator is the sender), or null. */
  apiKeyId?: string | null;
  serviceKind: string;
  channel: string;
  templateId: string | null;
  /** The template as it will be sent, the shipping's own values filled (null without a template). */
  template?: { contentType: string; subject: string | null; body: string } | null;
  reference: string | null;
  subject: string;
  body: string | null;
  state: string;
  customFields: Record<string, string>;
  metaProperties: Record<string, string>;
  formValues: { name: string; label: string; value: string }[];
  multiSignerOrder: number;
  pinSignatureText: string | null;
  font: string | null;
  custodyDays: number | null;
  requiresAuth: boolean;
  authDeadlineAt: Date | null;
  isSandbox: boolean;
  receiverSummary: string;
  searchText: string;
  createdAt: Date;
};

/** `count` new shipping ids, taken before the rows are written so their first events can be chained first. */
export async function allocateShippingIds(trx: Trx, count: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence('shippings', 'id'))::text AS id
    FROM generate_series(1, ${count})`.execute(trx);
  return rows.map((row) => row.id);
}

/** A shipping with its id, guid and chain head already decided (see allocateShippingIds). */
export type TNewShippingRow = TNewShipping & {
  id: string;
  guid: string;
  needsReview: boolean;
  eventCount: number;
  lastEventHash: string;
};

/**
 * Any number of shippings with their given ids, in one statement with one parameter: each statement on
 * shippings runs its statement-level triggers once, whatever its number of rows.
 */
export async function insertShippings(trx: Trx, shippings: readonly TNewShippingRow[]): Promise<void> {
  if (shippings.length === 0) return;
  const rows = shippings.map((values) => ({
    id: values.id,
    guid: values.guid,
    domain_id: values.domainId,
    company_id: values.companyId,
    type_id: values.typeId,
    import_id: values.importId ?? null,
    sender_id: values.senderId,
    api_key_id: values.apiKeyId ?? null,
    service_kind: values.serviceKind,
    channel: values.channel,
    template_id: values.templateId,
    template_content_type: values.template?.contentType ?? null,
    template_subject: values.template?.subject ?? null,
    template_body: values.template?.body ?? null,
    reference: values.reference,
    subject: values.subject,
    body: values.body,
    state: values.state,
    custom_fields: values.customFields,
    meta_properties: values.metaProperties,
    form_values: values.formValues,
    multi_signer_order: values.multiSignerOrder,
    pin_signature_text: values.pinSignatureText,
    font: values.font,
    custody_days: values.custodyDays,
    requires_auth: values.requiresAuth,
    auth_deadline_at: values.authDeadlineAt?.toISOString() ?? null,
    is_sandbox: values.isSandbox,
    needs_review: values.needsReview,
    receiver_summary: values.receiverSummary,
    search_text: values.searchText,
    event_count: values.eventCount,
    last_event_hash: values.lastEventHash,
    created_at: values.createdAt.toISOString(),
  }));
  // The ids were taken from the identity's sequence (allocateShippingIds), hence OVERRIDING SYSTEM VALUE.
  await sql`INSERT INTO shippings (id, guid, domain_id, company_id, type_id, import_id, sender_id, api_key_id, service_kind,
      channel, template_id, template_content_type, template_subject, template_body, reference, subject, body, state,
      custom_fields, meta_properties, form_values, multi_signer_order,
      pin_signature_text, font, custody_days, requires_auth, auth_deadline_at, is_sandbox, needs_review,
      receiver_summary, search_text, event_count, last_event_hash, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT id, guid, domain_id, company_id, type_id, import_id, sender_id, api_key_id, service_kind, channel, template_id,
      template_content_type, template_subject, template_body, reference, subject, body, state, custom_fields,
      meta_properties, form_values, multi_signer_order,
      pin_signature_text, font, custody_days, requires_auth, auth_deadline_at, is_sandbox, needs_review,
      receiver_summary, search_text, event_count, last_event_hash, created_at, created_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id bigint, guid uuid, domain_id bigint,
      company_id bigint, type_id bigint, import_id bigint, sender_id bigint, api_key_id bigint, service_kind text,
      channel text, template_id bigint, template_content_type text, template_subject text, template_body text,
      reference text, subject text, body text, state text, custom_fields jsonb,
      meta_properties jsonb, form_values jsonb, multi_signer_order smallint, pin_signature_text text, font text,
      custody_days int, requires_auth boolean, auth_deadline_at timestamptz, is_sandbox boolean,
      needs_review boolean, receiver_summary text, search_text text, event_count int, last_event_hash text,
      created_at timestamptz)
    ORDER BY id`.execute(trx);
}

export type TNewReceiver = {
  position: number;
  kind: 'individual' | 'company';
  name: string;
  documentType: string | null;
  documentNumber: string | null;
  email: string | null;
  cc: string | null;
  mobile: string | null;
  language: string | null;
  streetType: string | null;
  street: string | null;
  streetNumType: string | null;
  streetNumber: string | null;
  addressExtra: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
};

/** The receivers of any number of shippings, in one statement with one parameter. */
export async function insertReceivers(trx: Trx, receivers: readonly (TNewReceiver & { shippingId: string })[]) {
  if (receivers.length === 0) return;
  const rows = receivers.map((receiver) => ({
    shipping_id: receiver.shippingId,
    position: receiver.position,
    kind: receiver.kind,
    name: receiver.name,
    document_type: receiver.documentType,
    document_number: receiver.documentNumber,
    email: receiver.email,
    cc: receiver.cc,
    mobile: receiver.mobile,
    language: receiver.language,
    street_type: receiver.streetType,
    street: receiver.street,
    street_num_type: receiver.streetNumType,
    street_number: receiver.streetNumber,
    address_extra: receiver.addressExtra,
    postal_code: receiver.postalCode,
    city: receiver.city,
    province: receiver.province,
    country: receiver.country,
  }));
  await sql`INSERT INTO shipping_receivers (shipping_id, position, kind, name, document_type, document_number, email, cc,
      mobile, language, street_type, street, street_num_type, street_number, address_extra, postal_code, city,
      province, country)
    SELECT shipping_id, position, kind, name, document_type, document_number, email, cc, mobile, language,
      street_type, street, street_num_type, street_number, address_extra, postal_code, city, province, country
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(shipping_id bigint, position int, kind text,
      name text, document_type text, document_number text, email text, cc text, mobile text, language text,
      street_type text, street text, street_num_type text, street_number text, address_extra text,
      postal_code text, city text, province text, country text)`.execute(trx);
}
