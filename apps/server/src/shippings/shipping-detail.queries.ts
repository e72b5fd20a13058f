import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';
import { canDecideNow, isVisible } from './shipping-access.queries.ts';
import { reachesWholeDomain, type TShippingVisibility } from './shipping-access.ts';
import type { TAuthorisationRecord } from './shipping-authorisations.queries.ts';
import type { TDocumentRecord } from './shipping-documents.queries.ts';
import { selectShippingRows } from './shipping-list.queries.ts';

type Db = Kysely<Database>;

function shippingDetailQuery(db: Db, visibility: TShippingVisibility, id: string) {
  return selectShippingRows(db)
    .select([
      's.domain_id as domainId',
      's.body',
      's.template_id as templateId',
      's.template_body as templateBody',
      's.situation_code as situationCode',
      's.situation_reason as situationReason',
      's.substate',
      's.custom_fields as customFields',
      's.meta_properties as metaProperties',
      's.form_values as formValues',
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
    .where(isVisible(visibility));
}

export function selectShippingDetail(db: Db, visibility: TShippingVisibility, id: string) {
  return shippingDetailQuery(db, visibility, id).executeTakeFirst();
}
export type TShippingDetailRecord = NonNullable<Awaited<ReturnType<typeof selectShippingDetail>>>;

/** The reads of one shipping's parts are prepared statements: the detail runs them on every open. */
export const selectReceivers = definePreparedQuery('sello_shipping_receivers', (db, shippingId: string) =>
  db.selectFrom('shipping_receivers').selectAll().where('shipping_id', '=', shippingId).orderBy('position'),
);
export type TReceiverRecord = Awaited<ReturnType<typeof selectReceivers>>[number];

export const selectEvents = definePreparedQuery('sello_shipping_events', (db, shippingId: string) =>
  db
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
    .orderBy('e.seq'),
);
export type TEventRecord = Awaited<ReturnType<typeof selectEvents>>[number];

/** What the detail shows of each part of a shipping. */
export type TDetailReceiver = Omit<TReceiverRecord, 'id' | 'shipping_id' | `access_${string}`>;
export type TDetailDocument = Omit<TDocumentRecord, 'shippingId'>;
export type TDetailEvent = Omit<TEventRecord, 'shippingId' | 'fromDeleted' | 'details'>;
export type TDetailAuthorisation = TAuthorisationRecord;

/** A timestamp as PostgreSQL writes it (`::text`), read by pg's own parser: the same Date a column gives. */
const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
const toDate = (text: string | null) => (text === null ? null : parseTimestamp(text));
type TAsText<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? string | null : string };

/**
 * The detail's four lists as columns of the shipping's row (`s`), each a JSON array in its order; ids and sizes
 * travel as text and timestamps as PostgreSQL's text, so each field reads as its column would.
 */
function detailPartsColumns() {
  const shippingId = sql.ref('s.id');
  return [
    sql<TAsText<TDetailReceiver, 'status_at'>[]>`coalesce((
      SELECT json_agg(json_build_object(
        'position', r.position, 'kind', r.kind, 'name', r.name, 'document_type', r.document_type,
        'document_number', r.document_number, 'email', r.email, 'cc', r.cc, 'mobile', r.mobile,
        'language', r.language, 'street_type', r.street_type, 'street', r.street,
        'street_num_type', r.street_num_type, 'street_number', r.street_number, 'address_extra', r.address_extra,
        'postal_code', r.postal_code, 'city', r.city, 'province', r.province, 'country', r.country,
        'status', r.status, 'status_at', r.status_at::text) ORDER BY r.position)
      FROM shipping_receivers r WHERE r.shipping_id = ${shippingId}), '[]'::json)`.as('receivers'),
    sql<TAsText<TDetailDocument, 'createdAt'>[]>`coalesce((
      SELECT json_agg(json_build_object(
        'position', d.position, 'kind', d.kind, 'name', d.name, 'mimeType', d.mime_type,
        'sizeBytes', d.size_bytes::text, 'category', d.category, 'sha256', d.sha256,
        'createdAt', d.created_at::text) ORDER BY d.position)
      FROM shipping_documents d WHERE d.shipping_id = ${shippingId}), '[]'::json)`.as('documents'),
    sql<TAsText<TDetailEvent, 'at'>[]>`coalesce((
      SELECT json_agg(json_build_object(
        'seq', e.seq, 'at', e.at::text, 'actorKind', e.actor_kind, 'actorUserId', e.actor_user_id::text,
        'actorName', u.name, 'action', e.action, 'fromState', e.from_state, 'fromResult', e.from_result,
        'toState', e.to_state, 'toResult', e.to_result, 'toDeleted', e.to_deleted, 'reason', e.reason,
        'prevHash', e.prev_hash, 'hash', e.hash) ORDER BY e.seq)
      FROM shipping_events e LEFT JOIN users u ON u.id = e.actor_user_id
      WHERE e.shipping_id = ${shippingId}), '[]'::json)`.as('events'),
    sql<TAsText<TDetailAuthorisation, 'decidedAt' | 'deadlineAt'>[]>`coalesce((
      SELECT json_agg(json_build_object(
        'id', a.id::text, 'round', a.round, 'userId', a.user_id::text, 'groupId', a.group_id::text,
        'authoriserName', coalesce(u.name, g.name), 'decision', a.decision, 'decidedById', a.decided_by::text,
        'decidedBy', d.name, 'decidedAt', a.decided_at::text, 'comment', a.comment,
        'deadlineAt', a.deadline_at::text) ORDER BY a.round, a.id)
      FROM shipping_authorisations a
      LEFT JOIN users u ON u.id = a.user_id
      LEFT JOIN groups g ON g.id = a.group_id
      LEFT JOIN users d ON d.id = a.decided_by
      WHERE a.shipping_id = ${shippingId}), '[]'::json)`.as('authorisations'),
  ];
}

const detailWithPartsQuery = (db: Db, visibility: TShippingVisibility, id: string) =>
  shippingDetailQuery(db, visibility, id).select(detailPartsColumns());

/**
 * A whole-domain reader's detail: its SQL never varies, so Kysely builds it once (0.23 ms of the server's work a
 * call otherwise) and each connection prepares it once.
 */
const selectDomainDetailWithParts = definePreparedQuery(
  'sello_shipping_detail_domain',
  (db, domainId: string, userId: string, id: string) =>
    detailWithPartsQuery(db, { domainId, userId, companyIds: null, reach: 'company' }, id),
);

/** The detail's row and its four lists in one statement, one round trip; undefined when the reader cannot see it. */
export async function selectShippingDetailWithParts(db: Db, visibility: TShippingVisibility, id: string) {
  const found = reachesWholeDomain(visibility)
    ? (await selectDomainDetailWithParts(db, visibility.domainId, visibility.userId, id))[0]
    : await detailWithPartsQuery(db, visibility, id).executeTakeFirst();
  if (!found) return undefined;
  const { receivers, documents, events, authorisations, ...row } = found;
  return { row, parts: readDetailParts({ receivers, documents, events, authorisations }) };
}

type TDetailWithPartsRow = Awaited<ReturnType<ReturnType<typeof detailWithPartsQuery>['executeTakeFirstOrThrow']>>;

function readDetailParts(parts: Pick<TDetailWithPartsRow, 'receivers' | 'documents' | 'events' | 'authorisations'>) {
  return {
    receivers: parts.receivers.map((row): TDetailReceiver => ({ ...row, status_at: toDate(row.status_at) })),
    documents: parts.documents.map((row): TDetailDocument => ({ ...row, createdAt: parseTimestamp(row.createdAt) })),
    events: parts.events.map((row): TDetailEvent => ({ ...row, at: parseTimestamp(row.at) })),
    authorisations: parts.authorisations.map(
      (row): TDetailAuthorisation => ({
        ...row,
        decidedAt: toDate(row.decidedAt),
        deadlineAt: parseTimestamp(row.deadlineAt),
      }),
    ),
  };
}

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

/** The shipping types a user can pick, in the stored order, with what a combo shows of them. */
function typeOptionsOf(db: Db, domainId: string, companyIds: readonly string[] | null, onlyActive: boolean) {
  return db
    .selectFrom('shipping_types')
    .select(['id', 'name', 'description', 'active', 'service_kind as serviceKind', 'company_id as companyId'])
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
    .orderBy('position')
    .orderBy(sql`lower(name)`)
    .orderBy('id');
}

/** Shipping types a user can pick, as a combo lists them. */
export function selectTypeOptions(db: Db, domainId: string, companyIds: readonly string[] | null, onlyActive: boolean) {
  return typeOptionsOf(db, domainId, companyIds, onlyActive).execute();
}

/** Shipping types a user can pick, with their creation settings. */
export function selectCompleteTypeOptions(
  db: Db,
  domainId: string,
  companyIds: readonly string[] | null,
  onlyActive: boolean,
) {
  return typeOptionsOf(db, domainId, companyIds, onlyActive)
    .select([
      'channels',
      'requires_auth as requiresAuth',
      'auth_deadline_hours as authDeadlineHours',
      'response_days as responseDays',
      'custody_days as custodyDays',
      'sign_method as signMethod',
      'pin_signature_text as pinSignatureText',
      'font',
      'multi_signer_order as multiSignerOrder',
      'identification_documents as identificationDocuments',
      'other_documents_limit as otherDocumentsLimit',
      'meta_properties as metaProperties',
      'custom_fields as customFields',
      'form_controls as formControls',
    ])
    .execute();
}
