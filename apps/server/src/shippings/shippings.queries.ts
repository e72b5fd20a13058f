import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { deletedByName } from '../administration/admin.queries.ts';
import type { Database } from '../db/schema.ts';
import type { TListColumns } from '../platform/paged-list.ts';
import type { TShippingVisibility } from './shipping-access.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const AWAITING_AUTH = ['pending_auth', 'auths_pending_user'];

/** The groups `userId` belongs to (live groups only), as a sub-query. */
function groupsOf(userId: string) {
  return sql`(SELECT ug.group_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id
    WHERE ug.user_id = ${userId} AND g.deleted_at IS NULL)`;
}

/** The user is named, or belongs to a group named, among the shipping's authorisers (any round). */
function isDesignatedAuthoriser(userId: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM shipping_authorisations a WHERE a.shipping_id = s.id
    AND (a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)}))`;
}

/**
 * The user can decide now: an authorisation of the current round is pending for them (named or by
 * group), they have not decided in this round yet, and they did not send the shipping.
 */
export function canDecideNow(userId: string) {
  return sql<SqlBool>`(s.state IN ('pending_auth', 'auths_pending_user') AND s.sender_id <> ${userId}
    AND EXISTS (SELECT 1 FROM shipping_authorisations a WHERE a.shipping_id = s.id AND a.round = s.auth_round
      AND a.decision = 'pending' AND (a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)}))
    AND NOT EXISTS (SELECT 1 FROM shipping_authorisations d WHERE d.shipping_id = s.id AND d.round = s.auth_round
      AND d.decided_by = ${userId}))`;
}

/** The tenancy predicate of DESIGN §4 on `shippings as s`. */
export function isVisible(visibility: TShippingVisibility): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (visibility.domainId !== null) parts.push(sql<SqlBool>`s.domain_id = ${visibility.domainId}`);
  const byCompany =
    visibility.companyIds === null
      ? sql<SqlBool>`true`
      : visibility.companyIds.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`s.company_id IN (${sql.join(visibility.companyIds)})`;
  const reach = {
    companyOrAuthoriser: sql<SqlBool>`(${byCompany} OR ${isDesignatedAuthoriser(visibility.userId)})`,
    authoriser: isDesignatedAuthoriser(visibility.userId),
    company: byCompany,
    none: sql<SqlBool>`false`,
  }[visibility.reach];
  parts.push(reach);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

// ---------------------------------------------------------------------------------------------------
// Creation

export async function selectCompanyForShipping(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId', 'name'])
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
      'default_template_id as defaultTemplateId',
      'default_sms_template_id as defaultSmsTemplateId',
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
    .select(['id', 'content_type as contentType', 'body'])
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
  senderId: string;
  serviceKind: string;
  channel: string;
  templateId: string | null;
  reference: string | null;
  subject: string;
  body: string | null;
  state: string;
  customFields: Record<string, string>;
  metaProperties: Record<string, string>;
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

export async function insertShipping(trx: Trx, values: TNewShipping) {
  return trx
    .insertInto('shippings')
    .values({
      domain_id: values.domainId,
      company_id: values.companyId,
      type_id: values.typeId,
      sender_id: values.senderId,
      service_kind: values.serviceKind,
      channel: values.channel,
      template_id: values.templateId,
      reference: values.reference,
      subject: values.subject,
      body: values.body,
      state: values.state,
      custom_fields: JSON.stringify(values.customFields),
      meta_properties: JSON.stringify(values.metaProperties),
      multi_signer_order: values.multiSignerOrder,
      pin_signature_text: values.pinSignatureText,
      font: values.font,
      custody_days: values.custodyDays,
      requires_auth: values.requiresAuth,
      auth_deadline_at: values.authDeadlineAt,
      is_sandbox: values.isSandbox,
      receiver_summary: values.receiverSummary,
      search_text: values.searchText,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning(['id', 'guid'])
    .executeTakeFirstOrThrow();
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

export async function insertReceivers(trx: Trx, shippingId: string, receivers: TNewReceiver[]) {
  await trx
    .insertInto('shipping_receivers')
    .values(
      receivers.map((receiver) => ({
        shipping_id: shippingId,
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
      })),
    )
    .execute();
}

export type TNewDocument = {
  position: number;
  kind: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  category: string;
  sha256: string;
};

export function insertDocuments(trx: Trx, shippingId: string, documents: readonly TNewDocument[]) {
  return insertShippingDocuments(
    trx,
    documents.map((document) => ({ ...document, shippingId })),
  );
}

/** Documents of any number of shippings, in one statement. */
export async function insertShippingDocuments(
  trx: Trx,
  documents: readonly (TNewDocument & { shippingId: string })[],
): Promise<void> {
  if (documents.length === 0) return;
  await trx
    .insertInto('shipping_documents')
    .values(
      documents.map((document) => ({
        shipping_id: document.shippingId,
        position: document.position,
        kind: document.kind,
        name: document.name,
        mime_type: document.mimeType,
        size_bytes: document.sizeBytes,
        category: document.category,
        sha256: document.sha256,
      })),
    )
    .execute();
}

export type TAuthoriserSlot = { userId: string | null; groupId: string | null };

export async function insertAuthorisations(
  trx: Trx,
  shippingId: string,
  round: number,
  slots: readonly TAuthoriserSlot[],
  deadlineAt: Date,
) {
  if (slots.length === 0) return;
  await trx
    .insertInto('shipping_authorisations')
    .values(
      slots.map((slot) => ({
        shipping_id: shippingId,
        round,
        user_id: slot.userId,
        group_id: slot.groupId,
        deadline_at: deadlineAt,
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Lifecycle

/** What a transition needs of a shipping (`shippings as s`): its lifecycle, authorisation round and chain head. */
export const LOCKED_SHIPPING_COLUMNS = [
  's.id',
  's.domain_id as domainId',
  's.type_id as typeId',
  's.sender_id as senderId',
  's.state',
  's.result',
  's.deleted_at as deletedAt',
  's.requires_auth as requiresAuth',
  's.needs_review as needsReview',
  's.auth_round as authRound',
  's.event_count as eventCount',
  's.last_event_hash as lastEventHash',
] as const;

/** The shipping, locked for the rest of the transaction, when the visibility reaches it. */
export async function lockShipping(trx: Trx, visibility: TShippingVisibility | null, id: string) {
  return trx
    .selectFrom('shippings as s')
    .select(LOCKED_SHIPPING_COLUMNS)
    .where('s.id', '=', id)
    .$if(visibility !== null, (query) => query.where(isVisible(visibility!)))
    .forUpdate()
    .executeTakeFirst();
}
export type TLockedShipping = NonNullable<Awaited<ReturnType<typeof lockShipping>>>;

export type TLifecycleUpdate = {
  id: string;
  state: string;
  result: string | null;
  deleted: boolean;
  deletedBy: string | null;
  at: Date;
  eventCount: number;
  lastEventHash: string;
  /** Written only when given (undefined keeps the column as it is; null clears it). */
  authRound?: number;
  authDeadlineAt?: Date | null;
  responseDeadlineAt?: Date;
  custodyUntil?: Date | null;
};

/** The columns of TLifecycleUpdate that are written only when given. */
const OPTIONAL_LIFECYCLE_COLUMNS = {
  authRound: 'auth_round',
  authDeadlineAt: 'auth_deadline_at',
  responseDeadlineAt: 'response_deadline_at',
  custodyUntil: 'custody_until',
} as const;

/**
 * Writes the lifecycle and chain head of many shippings in one statement (one run of the kept counts'
 * trigger). Each row carries the names of the optional columns it sets in `sets`.
 */
export async function updateLifecycles(trx: Trx, updates: readonly TLifecycleUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((update) => ({
    id: update.id,
    state: update.state,
    result: update.result,
    deleted: update.deleted,
    deleted_by: update.deletedBy,
    at: update.at.toISOString(),
    event_count: update.eventCount,
    last_event_hash: update.lastEventHash,
    auth_round: update.authRound ?? null,
    auth_deadline_at: update.authDeadlineAt?.toISOString() ?? null,
    response_deadline_at: update.responseDeadlineAt?.toISOString() ?? null,
    custody_until: update.custodyUntil?.toISOString() ?? null,
    sets: Object.entries(OPTIONAL_LIFECYCLE_COLUMNS)
      .filter(([key]) => update[key as keyof typeof OPTIONAL_LIFECYCLE_COLUMNS] !== undefined)
      .map(([, column]) => column),
  }));
  await sql`
    UPDATE shippings AS s SET
      state = v.state,
      result = v.result,
      updated_at = v.at,
      event_count = v.event_count,
      last_event_hash = v.last_event_hash,
      deleted_at = CASE WHEN v.deleted THEN coalesce(s.deleted_at, v.at) END,
      deleted_by = CASE WHEN v.deleted THEN coalesce(s.deleted_by, v.deleted_by) END,
      auth_round = CASE WHEN 'auth_round' = ANY (v.sets) THEN v.auth_round ELSE s.auth_round END,
      auth_deadline_at = CASE WHEN 'auth_deadline_at' = ANY (v.sets) THEN v.auth_deadline_at ELSE s.auth_deadline_at END,
      response_deadline_at =
        CASE WHEN 'response_deadline_at' = ANY (v.sets) THEN v.response_deadline_at ELSE s.response_deadline_at END,
      custody_until = CASE WHEN 'custody_until' = ANY (v.sets) THEN v.custody_until ELSE s.custody_until END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id bigint, state text, result text, deleted boolean, deleted_by bigint, at timestamptz, event_count int,
      last_event_hash text, auth_round int, auth_deadline_at timestamptz, response_deadline_at timestamptz,
      custody_until timestamptz, sets text[])
    WHERE s.id = v.id`.execute(trx);
}

export type TNewEvent = {
  shippingId: string;
  seq: number;
  at: Date;
  actorUserId: string | null;
  action: string;
  from: { state: string; result: string | null; deleted: boolean } | null;
  to: { state: string; result: string | null; deleted: boolean };
  reason: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** Appends events to their shippings' chains, in one statement. */
export async function insertEvents(trx: Trx, events: readonly TNewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('shipping_events')
    .values(
      events.map((event) => ({
        shipping_id: event.shippingId,
        seq: event.seq,
        at: event.at,
        actor_kind: event.actorUserId === null ? ('system' as const) : ('user' as const),
        actor_user_id: event.actorUserId,
        action: event.action,
        from_state: event.from?.state ?? null,
        from_result: event.from?.result ?? null,
        from_deleted: event.from?.deleted ?? null,
        to_state: event.to.state,
        to_result: event.to.result,
        to_deleted: event.to.deleted,
        reason: event.reason,
        details: JSON.stringify(event.details),
        prev_hash: event.prevHash,
        hash: event.hash,
      })),
    )
    .execute();
}

/** Moves a shipping's chain head to its newest event (an event that changes no state). */
export async function moveChainHead(trx: Trx, shippingId: string, seq: number, hash: string): Promise<void> {
  await trx
    .updateTable('shippings')
    .set({ event_count: seq, last_event_hash: hash })
    .where('id', '=', shippingId)
    .execute();
}

/** Pending authorisations of the current round, with whether `userId` can fill each. */
export async function selectOpenAuthorisations(trx: Trx, shippingId: string, round: number, userId: string) {
  return trx
    .selectFrom('shipping_authorisations as a')
    .select(['a.id', 'a.user_id as userId', 'a.group_id as groupId'])
    .select(sql<boolean>`(a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)})`.as('mine'))
    .where('a.shipping_id', '=', shippingId)
    .where('a.round', '=', round)
    .where('a.decision', '=', 'pending')
    .orderBy(sql`a.user_id IS NULL`)
    .orderBy('a.id')
    .execute();
}

export async function hasDecidedInRound(trx: Trx, shippingId: string, round: number, userId: string) {
  const row = await trx
    .selectFrom('shipping_authorisations')
    .select('id')
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .where('decided_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function decideAuthorisation(
  trx: Trx,
  id: string,
  values: { decision: 'authorized' | 'denied'; userId: string; at: Date; comment: string | null },
) {
  await trx
    .updateTable('shipping_authorisations')
    .set({ decision: values.decision, decided_by: values.userId, decided_at: values.at, comment: values.comment })
    .where('id', '=', id)
    .where('decision', '=', 'pending')
    .execute();
}

export async function expireOpenAuthorisations(trx: Trx, shippingId: string, round: number, at: Date) {
  await trx
    .updateTable('shipping_authorisations')
    .set({ decision: 'expired', decided_at: at })
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .where('decision', '=', 'pending')
    .execute();
}

/** The authorisers of a round (to open the next one with the same people). */
export async function selectRoundSlots(trx: Trx, shippingId: string, round: number) {
  return trx
    .selectFrom('shipping_authorisations')
    .select(['user_id as userId', 'group_id as groupId'])
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .orderBy('id')
    .execute();
}

export async function selectTypeAuthDeadlineHours(trx: Trx, typeId: string) {
  const row = await trx
    .selectFrom('shipping_types')
    .select('auth_deadline_hours as hours')
    .where('id', '=', typeId)
    .executeTakeFirstOrThrow();
  return row.hours;
}

/** Shippings waiting for authorisation whose deadline has passed, oldest first. */
export async function selectExpiredAuthorisationIds(db: Db, now: Date, limit: number) {
  const rows = await db
    .selectFrom('shippings')
    .select('id')
    .where('state', 'in', AWAITING_AUTH)
    .where('deleted_at', 'is', null)
    .where('auth_deadline_at', '<=', now)
    .orderBy('auth_deadline_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** Shippings with the names the list shows. */
export function selectShippingRows(db: Db) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .select([
      's.id',
      's.guid',
      's.reference',
      's.subject',
      's.service_kind as service',
      's.channel',
      's.type_id as typeId',
      't.name as typeName',
      's.company_id as companyId',
      'c.name as companyName',
      's.sender_id as senderId',
      'u.name as sender',
      's.receiver_summary as receiver',
      's.state',
      's.result',
      's.is_sandbox as isSandbox',
      's.deleted_at as deletedAt',
      deletedByName(sql.ref('s.deleted_by')),
      's.created_at as createdAt',
      's.updated_at as updatedAt',
    ]);
}
export type TShippingRowRecord = Awaited<ReturnType<ReturnType<typeof selectShippingRows>['executeTakeFirstOrThrow']>>;

/** Sortable columns of the list (the `filters` JSON is parsed by the service). */
export const SHIPPING_SORT_COLUMNS: TListColumns = {
  requestId: { expression: sql`s.id`, sortable: true, notNull: true },
  reference: { expression: sql`s.reference`, sortable: true },
  subject: { expression: sql`lower(s.subject)`, sortable: true, notNull: true },
  service: { expression: sql`s.service_kind`, sortable: true, notNull: true },
  channel: { expression: sql`s.channel`, sortable: true, notNull: true },
  typeName: { expression: sql`lower(t.name)`, sortable: true, notNull: true },
  companyName: { expression: sql`lower(c.name)`, sortable: true, notNull: true },
  sender: { expression: sql`lower(u.name)`, sortable: true, notNull: true },
  receiver: { expression: sql`lower(s.receiver_summary)`, sortable: true, notNull: true },
  state: { expression: sql`s.state`, sortable: true, notNull: true },
  result: { expression: sql`s.result`, sortable: true },
  createdAt: { expression: sql`s.created_at`, sortable: true, notNull: true },
  updatedAt: { expression: sql`s.updated_at`, sortable: true, notNull: true },
  deletedAt: { expression: sql`s.deleted_at`, sortable: true },
};

export function selectShippingDetail(db: Db, visibility: TShippingVisibility, id: string) {
  return selectShippingRows(db)
    .select([
      's.domain_id as domainId',
      's.body',
      's.template_id as templateId',
      's.situation_code as situationCode',
      's.situation_reason as situationReason',
      's.substate',
      's.custom_fields as customFields',
      's.meta_properties as metaProperties',
      's.multi_signer_order as multiSignerOrder',
      's.pin_signature_text as pinSignatureText',
      's.font',
      's.custody_days as custodyDays',
      's.requires_auth as requiresAuth',
      's.needs_review as needsReview',
      's.auth_round as authRound',
      's.auth_deadline_at as authDeadlineAt',
      's.response_deadline_at as responseDeadlineAt',
      's.custody_until as custodyUntil',
      's.event_count as eventCount',
      's.last_event_hash as lastEventHash',
    ])
    .select(canDecideNow(visibility.userId).as('canDecide'))
    .where('s.id', '=', id)
    .where(isVisible(visibility))
    .executeTakeFirst();
}
export type TShippingDetailRecord = NonNullable<Awaited<ReturnType<typeof selectShippingDetail>>>;

export function selectReceivers(db: Db, shippingId: string) {
  return db
    .selectFrom('shipping_receivers')
    .selectAll()
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
}
export type TReceiverRecord = Awaited<ReturnType<typeof selectReceivers>>[number];

export function selectDocuments(db: Db, shippingIds: readonly string[], kinds?: readonly string[]) {
  return db
    .selectFrom('shipping_documents')
    .select([
      'shipping_id as shippingId',
      'position',
      'kind',
      'name',
      'mime_type as mimeType',
      'size_bytes as sizeBytes',
      'category',
      'sha256',
      'created_at as createdAt',
    ])
    .where('shipping_id', 'in', shippingIds)
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
    .orderBy('shipping_id')
    .orderBy('position')
    .execute();
}
export type TDocumentRecord = Awaited<ReturnType<typeof selectDocuments>>[number];

export function selectDocument(db: Db, shippingId: string, position: number) {
  return db
    .selectFrom('shipping_documents')
    .select(['position', 'kind', 'name', 'mime_type as mimeType', 'size_bytes as sizeBytes', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export function selectDocumentOfKind(db: Db, shippingId: string, kind: string) {
  return db
    .selectFrom('shipping_documents')
    .select(['position', 'kind', 'name', 'mime_type as mimeType', 'size_bytes as sizeBytes', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('kind', '=', kind)
    .orderBy('position', 'desc')
    .executeTakeFirst();
}

export function selectEvents(db: Db, shippingId: string) {
  return db
    .selectFrom('shipping_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select([
      'e.shipping_id as shippingId',
      'e.seq',
      'e.at',
      'e.actor_kind as actorKind',
      'e.actor_user_id as actorUserId',
      'u.name as actorName',
      'e.action',
      'e.from_state as fromState',
      'e.from_result as fromResult',
      'e.from_deleted as fromDeleted',
      'e.to_state as toState',
      'e.to_result as toResult',
      'e.to_deleted as toDeleted',
      'e.reason',
      'e.details',
      'e.prev_hash as prevHash',
      'e.hash',
    ])
    .where('e.shipping_id', '=', shippingId)
    .orderBy('e.seq')
    .execute();
}
export type TEventRecord = Awaited<ReturnType<typeof selectEvents>>[number];

export function selectAuthorisations(db: Db, shippingId: string) {
  return db
    .selectFrom('shipping_authorisations as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('groups as g', 'g.id', 'a.group_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select([
      'a.id',
      'a.round',
      'a.user_id as userId',
      'a.group_id as groupId',
      sql<string>`coalesce(u.name, g.name)`.as('authoriserName'),
      'a.decision',
      'a.decided_by as decidedById',
      'd.name as decidedBy',
      'a.decided_at as decidedAt',
      'a.comment',
      'a.deadline_at as deadlineAt',
    ])
    .where('a.shipping_id', '=', shippingId)
    .orderBy('a.round')
    .orderBy('a.id')
    .execute();
}
export type TAuthorisationRecord = Awaited<ReturnType<typeof selectAuthorisations>>[number];

/** Ids among `ids` the visibility reaches, with their deleted flag and state. */
export async function selectVisibleIds(db: Db, visibility: TShippingVisibility, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shippings as s')
    .select(['s.id', 's.guid', 's.state', 's.deleted_at as deletedAt', 's.event_count as eventCount'])
    .select('s.last_event_hash as lastEventHash')
    .where('s.id', 'in', ids.map(String))
    .where(isVisible(visibility))
    .execute();
}

/** Shipping types a user can pick, with their creation settings. */
export function selectTypeOptions(db: Db, domainId: string, companyIds: readonly string[] | null, onlyActive: boolean) {
  return db
    .selectFrom('shipping_types')
    .select([
      'id',
      'name',
      'description',
      'active',
      'service_kind as serviceKind',
      'company_id as companyId',
      'channels',
      'requires_auth as requiresAuth',
      'auth_deadline_hours as authDeadlineHours',
      'response_days as responseDays',
      'custody_days as custodyDays',
      'default_template_id as defaultTemplateId',
      'default_sms_template_id as defaultSmsTemplateId',
    ])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .$if(onlyActive, (query) => query.where('active', '=', true))
    .$if(companyIds !== null, (query) =>
      query.where((eb) =>
        companyIds!.length === 0
          ? eb('company_id', 'is', null)
          : eb.or([eb('company_id', 'is', null), eb('company_id', 'in', companyIds!)]),
      ),
    )
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Export jobs

export async function insertExportJob(db: Db, userId: string, request: Record<string, unknown>) {
  return db
    .insertInto('export_jobs')
    .values({ user_id: userId, kind: 'shippings', request: JSON.stringify(request) })
    .returning(['id', 'guid', 'state', 'row_count as rowCount', 'created_at as createdAt', 'finished_at as finishedAt'])
    .executeTakeFirstOrThrow();
}

export async function selectExportJob(db: Db, userId: string, guid: string) {
  return db
    .selectFrom('export_jobs')
    .select([
      'id',
      'guid',
      'state',
      'row_count as rowCount',
      'file_key as fileKey',
      'file_name as fileName',
      'request',
      'created_at as createdAt',
      'finished_at as finishedAt',
    ])
    .where('guid', '=', guid)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Deletes the export jobs past their expiry; answers the files they held that no other job holds. */
export async function deleteExpiredExportJobs(db: Db, now: Date): Promise<string[]> {
  const deleted = await db.deleteFrom('export_jobs').where('expires_at', '<=', now).returning('file_key').execute();
  const keys = [...new Set(deleted.flatMap((row) => (row.file_key ? [row.file_key] : [])))];
  if (keys.length === 0) return [];
  // Identical exports share one content-addressed file: keep those another job still offers.
  const kept = await db.selectFrom('export_jobs').select('file_key').where('file_key', 'in', keys).execute();
  const keptKeys = new Set(kept.map((row) => row.file_key));
  return keys.filter((key) => !keptKeys.has(key));
}

export async function markExportJob(
  db: Db,
  id: string,
  values:
    | { state: 'running' }
    | { state: 'ready'; rowCount: number; fileKey: string; fileName: string }
    | { state: 'failed'; error: string },
) {
  await db
    .updateTable('export_jobs')
    .set(
      values.state === 'running'
        ? { state: 'running', started_at: sql`now()` }
        : values.state === 'ready'
          ? {
              state: 'ready',
              row_count: values.rowCount,
              file_key: values.fileKey,
              file_name: values.fileName,
              finished_at: sql`now()`,
            }
          : { state: 'failed', error: values.error, finished_at: sql`now()` },
    )
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// List filters

export type TShippingListWhere = {
  visibility: TShippingVisibility;
  scope: 'own' | 'all' | 'auth';
  deleted: boolean;
  from: Date;
  to: Date | null;
  states?: readonly string[];
  results?: readonly string[];
  typeIds?: readonly string[];
  companyIds?: readonly string[];
  services?: readonly string[];
  channels?: readonly string[];
  /** Lower-case free text. */
  search?: string;
  customFields?: Record<string, string>;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The where-clause of a list on `shippings as s`, but for the creation-date range. */
function listFilters(where: TShippingListWhere): RawBuilder<SqlBool>[] {
  const { visibility } = where;
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`${isVisible(visibility)}`];
  if (where.scope === 'own') parts.push(sql<SqlBool>`s.sender_id = ${visibility.userId}`);
  if (where.scope === 'auth') parts.push(canDecideNow(visibility.userId));
  parts.push(where.deleted ? sql<SqlBool>`s.deleted_at IS NOT NULL` : sql<SqlBool>`s.deleted_at IS NULL`);
  const anyOf = (column: string, values: readonly string[] | undefined) => {
    if (values !== undefined) parts.push(sql<SqlBool>`${sql.ref(column)} IN (${sql.join(values)})`);
  };
  anyOf('s.state', where.states);
  anyOf('s.result', where.results);
  anyOf('s.type_id', where.typeIds);
  anyOf('s.company_id', where.companyIds);
  anyOf('s.service_kind', where.services);
  anyOf('s.channel', where.channels);
  if (where.customFields !== undefined) {
    parts.push(sql<SqlBool>`s.custom_fields @> ${JSON.stringify(where.customFields)}::jsonb`);
  }
  if (where.search) {
    const pattern = `%${escapeLike(where.search)}%`;
    const byId = /^\d{1,15}$/.test(where.search) ? sql<SqlBool>` OR s.id = ${where.search}` : sql``;
    parts.push(sql<SqlBool>`(s.search_text LIKE ${pattern}${byId})`);
  }
  return parts;
}

/** Creation dates from `from` (inclusive) up to `to` (inclusive) or `before` (exclusive); null: open. */
function createdBetween(from: Date | null, to: Date | null, before: Date | null = null): RawBuilder<SqlBool>[] {
  return [
    ...(from === null ? [] : [sql<SqlBool>`s.created_at >= ${from}`]),
    ...(to === null ? [] : [sql<SqlBool>`s.created_at <= ${to}`]),
    ...(before === null ? [] : [sql<SqlBool>`s.created_at < ${before}`]),
  ];
}

const allOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;

/** The whole where-clause of a list on `shippings as s`. */
export function shippingListCondition(where: TShippingListWhere): RawBuilder<SqlBool> {
  return allOf([...listFilters(where), ...createdBetween(where.from, where.to)]);
}

/** The list rows a where-clause describes (before order and paging). */
export function selectShippingList(db: Db, where: TShippingListWhere) {
  return selectShippingRows(db).where(shippingListCondition(where));
}

/** The ids of the list, from the shippings alone (no names joined): what a page picks its rows by. */
export function selectShippingListIds(db: Db, where: TShippingListWhere) {
  return db.selectFrom('shippings as s').select('s.id').where(shippingListCondition(where));
}

const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const nextMonthStart = (date: Date) => {
  const start = monthStart(date);
  return start.getTime() === date.getTime()
    ? start
    : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The kept counts (shipping_counts, migration 008) answer a list of the whole domain's live shippings
 * filtered at most by state, result and creation dates; any other filter or a narrower visibility is
 * counted row by row (those sets are a company's, a sender's or a search's, and far smaller).
 */
function keptCountsServe(where: TShippingListWhere): boolean {
  const { visibility } = where;
  return (
    visibility.domainId !== null &&
    visibility.companyIds === null &&
    (visibility.reach === 'company' || visibility.reach === 'companyOrAuthoriser') &&
    where.scope === 'all' &&
    !where.deleted &&
    where.typeIds === undefined &&
    where.companyIds === undefined &&
    where.services === undefined &&
    where.channels === undefined &&
    where.customFields === undefined &&
    !where.search
  );
}

/**
 * The exact number of shippings a list holds. With the kept counts: the months the range covers whole
 * are summed from shipping_counts, the rows of the partial first month (from `from` to the next month)
 * and of the partial last month (from its start to `to`) are counted through the list's indexes.
 */
export async function countShippingList(db: Db, where: TShippingListWhere): Promise<number> {
  const filters = listFilters(where);
  const countRows = (range: RawBuilder<SqlBool>[]) =>
    sql<string>`(SELECT count(*) FROM shippings s WHERE ${allOf([...filters, ...range])})`;
  let total: RawBuilder<string>;
  const firstWhole = nextMonthStart(where.from);
  const lastPartial = where.to === null ? null : monthStart(where.to);
  if (!keptCountsServe(where) || (lastPartial !== null && firstWhole > lastPartial)) {
    total = countRows(createdBetween(where.from, where.to));
  } else {
    const kept = [
      sql<SqlBool>`c.domain_id = ${where.visibility.domainId}`,
      sql<SqlBool>`c.month >= ${isoDay(firstWhole)}::date`,
      ...(lastPartial === null ? [] : [sql<SqlBool>`c.month < ${isoDay(lastPartial)}::date`]),
      ...(where.states === undefined ? [] : [sql<SqlBool>`c.state IN (${sql.join(where.states)})`]),
      ...(where.results === undefined ? [] : [sql<SqlBool>`c.result IN (${sql.join(where.results)})`]),
    ];
    const whole = sql<string>`(SELECT coalesce(sum(c.live), 0) FROM shipping_counts c WHERE ${allOf(kept)})`;
    const head = countRows(createdBetween(where.from, null, firstWhole));
    const tail = lastPartial === null ? sql`0` : countRows(createdBetween(lastPartial, where.to));
    total = sql<string>`${whole} + ${head} + ${tail}`;
  }
  const { rows } = await sql<{ total: string }>`SELECT (${total})::bigint AS total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
