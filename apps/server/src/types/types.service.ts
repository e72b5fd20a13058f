import type { TTypeDetail, TTypeInput, TTypeListRow, TTypeRow } from '@sello/contracts/catalogue/types-schemas';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { collectDefaultTemplates } from '@sello/contracts/default-templates';
import { SERVICE_CODE_BY_KIND, type ServiceKind } from '@sello/contracts/enums';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { conflict, mapRows, takeDeletedFilter, toPickerItem } from '../administration/admin-lists.ts';
import { exportLabels } from '../administration/export-labels.ts';
import type { Database } from '../db/schema.ts';
import { assertBin, resolveListDomain } from '../platform/admin-access.ts';
import { fieldError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import { recoverAudited, softDeleteAudited } from '../platform/audited-bin.ts';
import { sendExcel } from '../platform/excel-export.ts';
import { toIso } from '../platform/iso-date.ts';
import { buildListQuery, runPagedList } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { selectTypeDefaultTemplates } from '../shippings/shipping-default-templates.queries.ts';
import { replaceTypeDefaultTemplates, selectDefaultCandidates } from './type-default-templates.queries.ts';
import { assertTypeAllowed } from './type-rules.ts';
import { assertMayOwnType, typeScope, wholeDomain } from './type-scope.ts';
import { replaceWfGroups, selectLiveGroupIds, selectWfGroups, selectWfUsers } from './type-workflow.queries.ts';
import {
  existsLiveTypeName,
  insertType,
  selectLiveCompanyDomain,
  selectType,
  selectTypeSettings,
  selectTypes,
  selectTypeValues,
  type TTypeDbRow,
  type TTypeValues,
  TYPE_COLUMNS,
  updatePositions,
  updateTypeForm,
  updateTypeRow,
} from './types.queries.ts';
import { readXforms } from './xforms-read.ts';

function toListRow(row: TTypeDbRow): TTypeListRow {
  return {
    id: Number(row.id),
    companyId: row.companyId === null ? null : Number(row.companyId),
    companyName: row.companyName ?? null,
    name: row.name,
    description: row.description,
    service: row.service as ServiceKind,
    active: row.active,
    order: row.order,
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

function toRow(row: TTypeDbRow): TTypeRow {
  const { description: _description, deletedAt: _deletedAt, deletedBy: _deletedBy, ...rest } = toListRow(row);
  return { ...rest, channels: row.channels as TTypeRow['channels'] };
}

/** The stored values with the JSON columns as values, as the trail compares them with the row read back. */
function toAuditValues(input: TTypeInput) {
  return {
    ...toValues(input),
    default_templates: input.defaultTemplates,
    placement: input.placement,
    meta_properties: input.metaProperties,
    custom_fields: input.customFields,
  };
}

function toValues(input: TTypeInput): TTypeValues {
  return {
    company_id: input.companyId === null ? null : String(input.companyId),
    name: input.name,
    description: input.description || null,
    service_kind: input.service,
    channels: input.channels,
    active: input.active,
    custody_days: input.custodyTime,
    sign_method: input.signMethod,
    placement: input.placement === null ? null : JSON.stringify(input.placement),
    pin_signature_text: input.pinSignatureText,
    font: input.font,
    multi_signer_order: input.multiSignerOrder,
    identification_documents: input.identificationDocuments,
    other_documents_limit: input.otherDocumentsLimit,
    meta_properties: JSON.stringify(input.metaProperties),
    custom_fields: JSON.stringify(input.customFields),
    requires_auth: input.requiresAuth,
    auth_deadline_hours: input.authDeadlineHours,
  };
}

const listOptions = (deleted: boolean) => ({
  defaultSort: deleted ? 'deletedAt' : 'order',
  tieBreaker: sql`t.id`,
});

/** Shipping types: lists, export, the editor's detail, create, update, order, delete and recover. */
export function createTypesService(db: Kysely<Database>) {
  async function listQuery(principal: TPrincipal, query: TPagedQuery) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    assertBin(principal, deleted ? 'typeBin' : 'types');
    const domainId = await resolveListDomain(principal, query, (id) => selectLiveCompanyDomain(db, id));
    const scope = { ...typeScope(principal), domain: domainId };
    return { base: selectTypes(db, scope, deleted), query: { ...query, filters }, deleted };
  }

  async function readList(principal: TPrincipal, query: TPagedQuery) {
    const list = await listQuery(principal, query);
    const page = await runPagedList(list.base, list.query, TYPE_COLUMNS, listOptions(list.deleted));
    return { rows: page.rows.map(toListRow), total: page.total };
  }

  async function read(principal: TPrincipal, companySelected: number | undefined): Promise<TTypeRow[]> {
    const scope = typeScope(principal);
    let query = selectTypes(db, { ...scope, domain: principal.domainId }, false);
    if (companySelected !== undefined) {
      const companyId = String(companySelected);
      if (scope.companyIds !== null && !scope.companyIds.includes(companyId)) throw notFound();
      query = query.where('t.company_id', '=', companyId);
    }
    const rows = await query.orderBy('t.position').orderBy(sql`lower(t.name)`).orderBy('t.id').execute();
    return rows.map(toRow);
  }

  async function exportList(principal: TPrincipal, query: TExportQuery, reply: FastifyReply) {
    const list = await listQuery(principal, query);
    const { ordered } = buildListQuery(list.base, list.query, TYPE_COLUMNS, listOptions(list.deleted));
    const { label, yesNo } = exportLabels(query.language);
    return sendExcel<TTypeDbRow>(
      reply,
      'types.xlsx',
      label('sheetTypes'),
      [
        { header: label('order'), width: 8, value: (row) => row.order },
        { header: label('id'), width: 10, value: (row) => Number(row.id) },
        { header: label('name'), width: 30, value: (row) => row.name },
        { header: label('description'), width: 40, value: (row) => row.description },
        { header: label('company'), width: 30, value: (row) => row.companyName },
        { header: label('service'), width: 24, value: (row) => row.service },
        { header: label('channels'), width: 24, value: (row) => row.channels.join(', ') },
        { header: label('active'), width: 10, value: (row) => yesNo(row.active) },
        { header: label('createdAt'), dateTime: true, value: (row) => row.createdAt },
      ],
      mapRows(ordered.offset(query.first).limit(query.pageSize).stream(500), (row) => row),
    );
  }

  async function findInScope(principal: TPrincipal, id: number, deleted = false) {
    const row = await selectType(db, typeScope(principal), String(id), deleted);
    if (!row) throw notFound();
    return row;
  }

  async function detail(principal: TPrincipal, id: number): Promise<TTypeDetail> {
    const row = await findInScope(principal, id);
    const settings = await selectTypeSettings(db, row.id);
    const [users, groups, defaults] = await Promise.all([
      selectWfUsers(db, row.id),
      selectWfGroups(db, row.id),
      selectTypeDefaultTemplates(db, [row.id]),
    ]);
    const service = row.service as ServiceKind;
    return {
      ...toListRow(row),
      channels: row.channels as TTypeDetail['channels'],
      serviceCode: SERVICE_CODE_BY_KIND[service],
      custodyTime: settings.custodyTime,
      signMethod: settings.signMethod,
      placement: settings.placement as TTypeDetail['placement'],
      pinSignatureText: settings.pinSignatureText as TTypeDetail['pinSignatureText'],
      font: settings.font as TTypeDetail['font'],
      multiSignerOrder: settings.multiSignerOrder as TTypeDetail['multiSignerOrder'],
      identificationDocuments: settings.identificationDocuments as TTypeDetail['identificationDocuments'],
      otherDocumentsLimit: settings.otherDocumentsLimit,
      metaProperties: settings.metaProperties as TTypeDetail['metaProperties'],
      customFields: settings.customFields as TTypeDetail['customFields'],
      formControls: settings.formControls as TTypeDetail['formControls'],
      requiresAuth: settings.requiresAuth,
      authDeadlineHours: settings.authDeadlineHours,
      wfUsers: users.map(toPickerItem),
      wfGroups: groups.map(toPickerItem),
      defaultTemplates: collectDefaultTemplates(defaults, row.id),
    };
  }

  /** The domain a new or changed type belongs to: its company's, or the caller's for a domain-wide type. */
  async function resolveOwner(principal: TPrincipal, input: TTypeInput): Promise<{ domainId: string }> {
    if (input.companyId === null) {
      if (!wholeDomain(principal)) throw fieldError('companyId', 'ERR_FIELD_REQUIRED');
      return { domainId: principal.domainId };
    }
    const domainId = await selectLiveCompanyDomain(db, String(input.companyId));
    if (domainId === undefined || (!principal.superAdmin && domainId !== principal.domainId)) {
      throw fieldError('companyId', 'ERR_FIELD_INVALID');
    }
    assertMayOwnType(principal, String(input.companyId));
    return { domainId };
  }

  async function assertGroups(domainId: string, groupIds: readonly number[]) {
    const known = await selectLiveGroupIds(db, domainId, groupIds);
    groupIds.forEach((id, index) => {
      if (!known.has(String(id)) || groupIds.indexOf(id) !== index)
        throw fieldError(`wfGroups.${index}`, 'ERR_FIELD_INVALID');
    });
  }

  /**
   * Each default template is a live communication template of the type's domain, shared or of the type's own
   * company, of the content type and written in the language it is the default for.
   */
  async function assertDefaultTemplates(domainId: string, input: TTypeInput) {
    const given = (['HTML', 'SMS'] as const).flatMap((contentType) =>
      Object.entries(input.defaultTemplates[contentType]).flatMap(([language, id]) =>
        id ? [{ contentType, language, id: String(id) }] : [],
      ),
    );
    const found = new Map(
      (await selectDefaultCandidates(db, [...new Set(given.map((entry) => entry.id))])).map((row) => [row.id, row]),
    );
    const companyId = input.companyId === null ? null : String(input.companyId);
    for (const entry of given) {
      const template = found.get(entry.id);
      const fits =
        template !== undefined &&
        template.domainId === domainId &&
        (template.companyId === null || template.companyId === companyId) &&
        template.contentType === entry.contentType &&
        template.language === entry.language &&
        (template.kind === 'COMMUNICATION' || template.kind === 'ADVANCED_COMMUNICATION');
      if (!fits) throw fieldError(`defaultTemplates.${entry.contentType}.${entry.language}`, 'ERR_FIELD_INVALID');
    }
  }

  async function create(principal: TPrincipal, input: TTypeInput): Promise<TTypeDetail> {
    assertTypeAllowed(input);
    const { domainId } = await resolveOwner(principal, input);
    await assertGroups(domainId, input.wfGroups);
    await assertDefaultTemplates(domainId, input);
    const companyId = input.companyId === null ? null : String(input.companyId);
    if (await existsLiveTypeName(db, domainId, companyId, input.name)) throw conflict('name');
    const id = await db.transaction().execute(async (trx) => {
      const typeId = await insertType(trx, domainId, toValues(input));
      await replaceWfGroups(trx, typeId, input.wfGroups);
      await replaceTypeDefaultTemplates(trx, typeId, input.defaultTemplates);
      const entry = { domainId, entity: 'shipping_types', entityId: typeId, action: 'create' };
      await recordAudit(trx, principal, { ...entry, after: toAuditValues(input) });
      return typeId;
    });
    return detail(principal, Number(id));
  }

  async function update(principal: TPrincipal, input: TTypeInput & { id: number }): Promise<TTypeDetail> {
    const current = await findInScope(principal, input.id);
    assertTypeAllowed(input);
    const { domainId } = await resolveOwner(principal, input);
    if (domainId !== current.domainId) throw fieldError('companyId', 'ERR_FIELD_INVALID');
    await assertGroups(domainId, input.wfGroups);
    await assertDefaultTemplates(domainId, input);
    const companyId = input.companyId === null ? null : String(input.companyId);
    if (await existsLiveTypeName(db, domainId, companyId, input.name, current.id)) throw conflict('name');
    await db.transaction().execute(async (trx) => {
      const before = {
        ...(await selectTypeValues(trx, current.id)),
        default_templates: collectDefaultTemplates(await selectTypeDefaultTemplates(trx, [current.id]), current.id),
      };
      await updateTypeRow(trx, current.id, toValues(input));
      await replaceWfGroups(trx, current.id, input.wfGroups);
      await replaceTypeDefaultTemplates(trx, current.id, input.defaultTemplates);
      const entry = { domainId, entity: 'shipping_types', entityId: current.id, action: 'update' };
      await recordAudit(trx, principal, { ...entry, before, after: toAuditValues(input) });
    });
    return detail(principal, input.id);
  }

  /** Stores the order of the given types (all of the caller's scope, each once); the rest keep theirs after them. */
  async function updateTypeOrder(principal: TPrincipal, typesOrder: readonly number[]) {
    if (new Set(typesOrder).size !== typesOrder.length) throw fieldError('typesOrder', 'ERR_FIELD_INVALID');
    const scope = { ...typeScope(principal), domain: principal.domainId };
    const rows = await selectTypes(db, scope, false).where('t.id', 'in', typesOrder.map(String)).execute();
    if (rows.length !== typesOrder.length) throw fieldError('typesOrder', 'ERR_FIELD_INVALID');
    await db.transaction().execute((trx) => updatePositions(trx, principal.domainId, typesOrder.map(String)));
  }

  async function remove(principal: TPrincipal, id: number) {
    const current = await findInScope(principal, id);
    await softDeleteAudited(db, principal, 'shipping_types', current);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await findInScope(principal, id, true);
    // Its name may have been given to another type of the company while it was deleted.
    if (await existsLiveTypeName(db, current.domainId, current.companyId, current.name)) throw conflict('name');
    await recoverAudited(db, principal, 'shipping_types', current);
  }

  /** `xformShippingType`: reads an XForms definition and, when it is valid, makes its controls the type's form. */
  async function saveXforms(principal: TPrincipal, typeId: number, data: string) {
    const type = await selectType(db, typeScope(principal), String(typeId));
    if (!type) throw notFound();
    const result = readXforms(data);
    if (result.valid) await updateTypeForm(db, type.id, result.controls);
    return result;
  }

  return { readList, read, exportList, detail, create, update, updateTypeOrder, remove, recover, saveXforms };
}

export type TTypesService = ReturnType<typeof createTypesService>;
