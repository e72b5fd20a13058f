import {
  SHIPPING_DETAIL_ACTIONS,
  type TShippingAuthorisation,
  type TShippingDetail,
  type TShippingDocument,
  type TShippingEvent,
  type TShippingReceiver,
} from '@sello/contracts/catalogue/shippings-detail';
import { handsOver } from '@sello/contracts/catalogue/shippings-hand-over';
import {
  type TShippingListQuery,
  type TShippingRow,
  ZShippingCustomFilters,
  ZShippingListFilters,
} from '@sello/contracts/catalogue/shippings-list';
import { LIMITS } from '@sello/contracts/constants';
import type { ServiceKind } from '@sello/contracts/enums';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { allowedUserActions, detailActionOf } from '@sello/contracts/shipping-lifecycle';
import { mayResendAccess, SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../platform/api-error.ts';
import { findRefusedInput } from '../platform/input-guard.ts';
import { buildListQuery } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { effectiveScope, listVisibility, manageVisibility, recordVisibility } from './shipping-access.ts';
import { selectAuthorisations } from './shipping-authorisations.queries.ts';
import {
  selectEvents,
  selectReceivers,
  selectShippingDetail,
  selectShippingDetailWithParts,
  type TDetailAuthorisation,
  type TDetailDocument,
  type TDetailEvent,
  type TDetailReceiver,
  type TShippingDetailRecord,
} from './shipping-detail.queries.ts';
import { selectDocuments } from './shipping-documents.queries.ts';
import {
  countShippingList,
  defaultPageServes,
  SHIPPING_SORT_COLUMNS,
  selectDefaultPage,
  selectListTotal,
  selectShippingExportList,
  selectShippingList,
  selectShippingListIds,
  selectShippingRows,
  selectShippingRowsByKey,
  type TShippingListWhere,
  type TShippingRowRecord,
} from './shipping-list.queries.ts';
import { buildSignatures } from './shipping-signatures.ts';
import { lifecycleOf } from './shipping-transitions.ts';

const toIso = (value: Date | null) => (value === null ? null : value.toISOString());
const ids = (value: number | number[] | undefined) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(String);
const list = <T extends string>(value: T | T[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

function invalid(field: string, key: ErrorKey = 'ERR_FIELD_INVALID'): ApiError {
  return new ApiError(400, 'ERR_VALIDATION', { [field]: key });
}

function parseJson(raw: string, field: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid(field);
  }
  // The JSON text may hide from the request check a NUL character (\u0000) or nesting too deep.
  if (findRefusedInput(parsed) !== null) throw invalid(field);
  return parsed;
}

/** Filters with a null value are no filters (spec §3: the console omits them). */
function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null));
}

/** The creation-date range of a list: by default the last 60 months, never longer (spec §9). */
export function resolveDateRange(filterFrom?: number, filterTo?: number): { from: Date; to: Date | null } {
  const to = filterTo === undefined ? null : new Date(filterTo);
  const end = to ?? new Date();
  const earliest = new Date(end);
  earliest.setUTCMonth(earliest.getUTCMonth() - LIMITS.shippingListDefaultMaxRangeMonths);
  const from = filterFrom === undefined ? earliest : new Date(filterFrom);
  if (from > end || from < earliest) throw invalid('filterFrom', 'ERR_DATE_RANGE');
  return { from, to };
}

export type TListRequest = Pick<
  TShippingListQuery,
  'filters' | 'filterFrom' | 'filterTo' | 'filterAll' | 'customFilters' | 'scope' | 'domainid'
>;

/** Everything a list or an export of the list filters by, checked. */
export function resolveListWhere(principal: TPrincipal, request: TListRequest): TShippingListWhere {
  const parsed = request.filters
    ? ZShippingListFilters.safeParse(withoutNulls(parseJson(request.filters, 'filters')))
    : null;
  if (parsed && !parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(['filters', ...issue.path.slice(0, 1)].join('.'));
  }
  const filters = parsed?.data ?? {};
  if (filters.deleted && principal.permissions.shpBin !== true) throw forbidden();
  let customFields: Record<string, string> | undefined;
  if (request.customFilters) {
    const custom = ZShippingCustomFilters.safeParse(parseJson(request.customFilters, 'customFilters'));
    if (!custom.success) throw invalid('customFilters');
    if (Object.keys(custom.data).length > 0) customFields = custom.data;
  }
  const { from, to } = resolveDateRange(request.filterFrom, request.filterTo);
  const search = request.filterAll?.trim().toLowerCase();
  return {
    visibility: listVisibility(principal, request.domainid),
    scope: effectiveScope(principal, request.scope),
    deleted: filters.deleted === true,
    from,
    to,
    states: list(filters.state),
    results: list(filters.result),
    typeIds: ids(filters.typeId),
    companyIds: ids(filters.companyId),
    services: list(filters.service),
    channels: list(filters.channel),
    search: search || undefined,
    customFields,
  };
}

export const LIST_OPTIONS = { defaultSort: 'createdAt', tieBreaker: sql`s.id` };

/** Sort columns that are names of joined rows: a page's ids are then picked with the joins. */
const JOINED_SORTS = new Set(['typeName', 'companyName', 'sender']);

type TListOrder = { sortField?: string; sortOrder?: number };

/** The list query's order as buildListQuery takes it; the default order is the newest first. */
function listOrder(query: TListOrder) {
  const sortOrder = query.sortField === undefined && query.sortOrder === undefined ? -1 : query.sortOrder;
  return { first: 0, pageSize: 1, sortField: query.sortField, sortOrder, filters: undefined };
}

/** The ordered list of a query (an export adds its own paging). */
export function orderedShippingList(db: Kysely<Database>, principal: TPrincipal, query: TListRequest & TListOrder) {
  const where = resolveListWhere(principal, query);
  return buildListQuery(selectShippingList(db, where), listOrder(query), SHIPPING_SORT_COLUMNS, LIST_OPTIONS);
}

export function orderedShippingExport(db: Kysely<Database>, principal: TPrincipal, query: TListRequest & TListOrder) {
  const where = resolveListWhere(principal, query);
  return buildListQuery(selectShippingExportList(db, where), listOrder(query), SHIPPING_SORT_COLUMNS, LIST_OPTIONS);
}

export function toShippingRow(row: TShippingRowRecord): TShippingRow {
  return {
    requestId: Number(row.id),
    guid: row.guid,
    reference: row.reference,
    subject: row.subject,
    service: row.service as TShippingRow['service'],
    channel: row.channel as TShippingRow['channel'],
    typeId: Number(row.typeId),
    typeName: row.typeName,
    companyId: Number(row.companyId),
    companyName: row.companyName,
    senderId: Number(row.senderId),
    sender: row.sender,
    receiver: row.receiver,
    state: row.state as TShippingRow['state'],
    result: row.result as TShippingRow['result'],
    isSandbox: row.isSandbox,
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt === null ? null : row.deletedAt.toISOString(),
    deletedBy: row.deletedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toReceiver(row: TDetailReceiver): TShippingReceiver {
  return {
    position: row.position,
    receiverType: row.kind === 'company' ? 2 : 1,
    name: row.name,
    documentType: row.document_type as TShippingReceiver['documentType'],
    documentNumber: row.document_number,
    email: row.email,
    cc: row.cc,
    mobile: row.mobile,
    language: row.language as TShippingReceiver['language'],
    postal:
      row.street === null
        ? null
        : {
            streetType: row.street_type,
            street: row.street,
            streetNumType: row.street_num_type,
            streetNumber: row.street_number,
            addressExtra: row.address_extra,
            postalCode: row.postal_code ?? '',
            city: row.city ?? '',
            province: row.province,
            country: row.country ?? '',
          },
    status: row.status as TShippingReceiver['status'],
    statusAt: toIso(row.status_at),
  };
}

export function toDocument(row: TDetailDocument): TShippingDocument {
  return {
    fileRequest: row.position,
    name: row.name,
    kind: row.kind as TShippingDocument['kind'],
    category: row.category as TShippingDocument['category'],
    mimeType: row.mimeType,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

function toEvent(row: TDetailEvent): TShippingEvent {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    actor: row.actorKind === 'system' ? 'system' : (row.actorName ?? ''),
    actorUserId: row.actorUserId === null ? null : Number(row.actorUserId),
    action: row.action,
    fromState: row.fromState as TShippingEvent['fromState'],
    fromResult: row.fromResult as TShippingEvent['fromResult'],
    toState: row.toState as TShippingEvent['toState'],
    toResult: row.toResult as TShippingEvent['toResult'],
    deleted: row.toDeleted,
    reason: row.reason,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

function toAuthorisation(row: TDetailAuthorisation): TShippingAuthorisation {
  return {
    id: Number(row.id),
    round: row.round,
    authoriserKind: row.userId === null ? 'group' : 'user',
    authoriserId: Number(row.userId ?? row.groupId),
    authoriserName: row.authoriserName,
    decision: row.decision as TShippingAuthorisation['decision'],
    decidedById: row.decidedById === null ? null : Number(row.decidedById),
    decidedBy: row.decidedBy,
    decidedAt: toIso(row.decidedAt),
    comment: row.comment,
    deadlineAt: row.deadlineAt.toISOString(),
  };
}

/** Managing goes through the company (see manageVisibility), not through a designation as authoriser. */
function managesShipping(principal: TPrincipal, row: TShippingDetailRecord): boolean {
  const visibility = manageVisibility(principal);
  return (
    visibility.reach === 'company' &&
    (visibility.companyIds === null || visibility.companyIds.includes(String(row.companyId)))
  );
}

/** What the user may do to the shipping now: the table's actions, narrowed by flags and designation. */
function detailActions(principal: TPrincipal, row: TShippingDetailRecord): TShippingDetail['allowedActions'] {
  const byTable: string[] = allowedUserActions(lifecycleOf(row)).map(detailActionOf);
  const manages = managesShipping(principal, row);
  const edits = manages && principal.permissions.editMode === true;
  return SHIPPING_DETAIL_ACTIONS.filter((action) => {
    if (!byTable.includes(action)) return false;
    // Under review the supervisor decides (shipping-review.ts); otherwise its authorisers.
    if (action === 'authorize' || action === 'deny') return row.state === 'to_review' ? edits : row.canDecide;
    if (action === 'recover') return manages && principal.permissions.shpBin === true;
    return edits;
  });
}

/** The receivers whose page this user may hand over at the desk now: an on-screen shipping it edits, still live. */
function handOverPositions(
  principal: TPrincipal,
  row: TShippingDetailRecord,
  receivers: readonly Pick<TDetailReceiver, 'position' | 'status'>[],
): number[] {
  if (!managesShipping(principal, row) || principal.permissions.editMode !== true) return [];
  const shipping = { state: row.state, channel: row.channel, deleted: row.deletedAt !== null };
  return receivers.filter((receiver) => handsOver(shipping, receiver)).map((receiver) => receiver.position);
}

/** The shipping when the user reaches it; deleted ones only in the deleted-items area (shpBin). */
function visibleOrNotFound<R extends { deletedAt: Date | null }>(principal: TPrincipal, row: R | undefined): R {
  if (!row) throw notFound();
  if (row.deletedAt !== null && principal.permissions.shpBin !== true) throw notFound();
  return row;
}

export function createShippingsService(db: Kysely<Database>) {
  /**
   * A page and the list's exact total. A whole-domain reader's default page (newest first, at most dates) is
   * read by a function planned once per connection (selectDefaultPage). Otherwise the page's ids come first from
   * the shippings alone, in the list's order (a walk of the sort index for the common orders), then only those
   * rows are read with their names, each by its key. Orders by a joined name (type, company, sender) pick the ids
   * and read the rows with the joins. The total (kept counts where they serve) rides in the page's statement,
   * evaluated once; an empty page asks for it alone.
   */
  async function list(principal: TPrincipal, query: TShippingListQuery) {
    const where = resolveListWhere(principal, query);
    const order = listOrder(query);
    const newestFirst = (order.sortField ?? LIST_OPTIONS.defaultSort) === 'createdAt' && order.sortOrder === -1;
    const rows =
      newestFirst && defaultPageServes(where)
        ? await selectDefaultPage(db, where, query.first, query.pageSize)
        : await selectPage(where, order, query).execute();
    const total = rows[0] ? Number(rows[0].listTotal) : await countShippingList(db, where);
    return { rows: rows.map(toShippingRow), total };
  }

  /** A page in any order, with the list's total. */
  function selectPage(where: TShippingListWhere, order: ReturnType<typeof listOrder>, query: TShippingListQuery) {
    const idBase = JOINED_SORTS.has(order.sortField ?? '')
      ? selectShippingList(db, where)
      : selectShippingListIds(db, where);
    const { ordered: orderedIds } = buildListQuery(idBase, order, SHIPPING_SORT_COLUMNS, LIST_OPTIONS);
    const pageIds = orderedIds.clearSelect().select(sql`s.id`.as('page_id')).offset(query.first).limit(query.pageSize);
    const rowsBase = JOINED_SORTS.has(order.sortField ?? '') ? selectShippingRows(db) : selectShippingRowsByKey(db);
    const { ordered } = buildListQuery(
      rowsBase.where(sql<SqlBool>`s.id IN ${pageIds}`),
      order,
      SHIPPING_SORT_COLUMNS,
      LIST_OPTIONS,
    );
    return ordered.select(selectListTotal(where).as('listTotal'));
  }

  async function findVisible(principal: TPrincipal, id: number): Promise<TShippingDetailRecord> {
    return visibleOrNotFound(principal, await selectShippingDetail(db, recordVisibility(principal), String(id)));
  }

  async function detail(principal: TPrincipal, id: number): Promise<TShippingDetail> {
    const found = await selectShippingDetailWithParts(db, recordVisibility(principal), String(id));
    if (!found) throw notFound();
    const row = visibleOrNotFound(principal, found.row);
    const { receivers, documents, events, authorisations } = found.parts;
    return {
      ...toShippingRow(row),
      body: row.body,
      templateId: row.templateId === null ? null : Number(row.templateId),
      templateBody: row.templateBody,
      situationCode: row.situationCode as TShippingDetail['situationCode'],
      situationReason: row.situationReason as TShippingDetail['situationReason'],
      identificationSubstate: row.substate as TShippingDetail['identificationSubstate'],
      customFields: row.customFields,
      metaProperties: row.metaProperties,
      formValues: row.formValues,
      multiSignerOrder: row.multiSignerOrder as TShippingDetail['multiSignerOrder'],
      pinSignatureText: row.pinSignatureText as TShippingDetail['pinSignatureText'],
      font: row.font as TShippingDetail['font'],
      custodyDays: row.custodyDays,
      requiresAuth: row.requiresAuth,
      authRound: row.authRound,
      authDeadlineAt: toIso(row.authDeadlineAt),
      responseDeadlineAt: toIso(row.responseDeadlineAt),
      custodyUntil: toIso(row.custodyUntil),
      deletedAt: toIso(row.deletedAt),
      receivers: receivers.map(toReceiver),
      documents: documents.map(toDocument),
      events: events.map(toEvent),
      authorisations: authorisations.map(toAuthorisation),
      allowedActions: detailActions(principal, row),
      canResendAccess:
        managesShipping(principal, row) &&
        mayResendAccess(
          { state: row.state, deleted: row.deletedAt !== null, service: row.service, channel: row.channel },
          principal.permissions,
        ),
      handOver: handOverPositions(principal, row, receivers),
    };
  }

  async function auths(principal: TPrincipal, id: number) {
    const row = await findVisible(principal, id);
    return (await selectAuthorisations(db, row.id)).map(toAuthorisation);
  }

  /** The receivers' signatures as the evidence chain records them, for services where receivers sign. */
  async function signatures(principal: TPrincipal, id: number) {
    const row = await findVisible(principal, id);
    const rule = SERVICE_RULES[row.service as ServiceKind];
    if (!rule.signing) throw new ApiError(409, 'ERR_NO_SIGNATURES');
    const [receivers, events] = await Promise.all([selectReceivers(db, row.id), selectEvents(db, row.id)]);
    return buildSignatures(row.service, receivers, events);
  }

  /** The recording of a video identification, once the identification has stored one. */
  async function urlVideoDownload(principal: TPrincipal, id: number): Promise<{ url: string }> {
    const row = await findVisible(principal, id);
    const video = (await selectDocuments(db, [row.id], ['video'])).at(-1);
    if (!video) throw new ApiError(409, 'ERR_NO_VIDEO');
    return {
      url: `/rest/services/shippings/shippingreadoriginalfile?requestId=${row.id}&fileRequest=${video.position}`,
    };
  }

  return {
    list,
    findVisible,
    detail,
    auths,
    signatures,
    urlVideoDownload,
  };
}
