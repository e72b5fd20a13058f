import {
  CUSTOM_LOGO_MAX_KB,
  type TDomain,
  type TDomainDetail,
  type TDomainInput,
} from '@sello/contracts/catalogue/administration-domains';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { DOMAIN_TYPES, type DomainType, TEMPLATE_KINDS, type TemplateKind } from '@sello/contracts/enums';
import { DOMAIN_TYPE_NAMES, labelOf } from '@sello/contracts/reference/status-labels';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertDomainAdministrator, assertSuperAdmin, recordScope } from '../../platform/admin-access.ts';
import { ApiError, notFound } from '../../platform/api-error.ts';
import { decodeDataUrl, sniffAttachmentType } from '../../platform/attachment-check.ts';
import { runAudited } from '../../platform/audit.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { toIso } from '../../platform/iso-date.ts';
import { buildListQuery, runPagedList } from '../../platform/paged-list.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { resolveDomainScope } from '../../platform/tenancy.ts';
import {
  assertKnownIds,
  conflict,
  mapRows,
  takeDeletedFilter,
  toPickerItem,
  withConflictFields,
} from '../admin-lists.ts';
import { exportLabels } from '../export-labels.ts';
import {
  DOMAIN_COLUMNS,
  DOMAIN_UNIQUE_FIELDS,
  existsLiveDomain,
  insertDomain,
  recoverDomainRow,
  replaceAdvTemplates,
  replaceDocumentTypes,
  selectAdvTemplatesDual,
  selectDocumentTypesDual,
  selectDomain,
  selectDomainPicker,
  selectDomains,
  selectLiveTemplateIds,
  selectLiveTypeIds,
  softDeleteDomain,
  type TDomainRowDb,
  type TDomainValues,
  updateDomainRow,
} from './domains.queries.ts';

/** The template kind a domain picks its advanced communication templates from. */
const ADVANCED_KIND: TemplateKind = 'ADVANCED_COMMUNICATION';
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function toDomain(row: TDomainRowDb): TDomain {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    domainType: row.domainType as DomainType,
    active: row.active,
    twoFactorCoolDownHours: row.twoFactorCoolDownHours,
    twoFactorRequired: row.twoFactorRequired,
    passwordMaxAgeDays: row.passwordMaxAgeDays,
    companies: row.companies,
    users: row.users,
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

/** A logo is checked by its bytes: an image of an accepted type, the type it claims, and small enough. */
function checkLogo(dataUrl: string | null | undefined) {
  if (!dataUrl) return;
  const bytes = decodeDataUrl(dataUrl);
  if (bytes.length > CUSTOM_LOGO_MAX_KB * 1024) {
    throw new ApiError(400, 'ERR_VALIDATION', { customLogo: 'ERR_MAX_FILE_SIZE' }, { size: CUSTOM_LOGO_MAX_KB });
  }
  const claimed = dataUrl.slice(5, dataUrl.indexOf(';'));
  const actual = sniffAttachmentType(bytes);
  const isWebp = actual !== 'image/webp' || bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  if (!actual || !LOGO_TYPES.has(actual) || actual !== claimed || !isWebp) {
    throw new ApiError(400, 'ERR_VALIDATION', { customLogo: 'ERR_FILE_TYPE' });
  }
}

const toValues = (input: TDomainInput): TDomainValues => ({
  code: input.code,
  name: input.name,
  description: input.description ?? null,
  domainType: input.domainType,
  active: input.active,
  twoFactorCoolDownHours: input.twoFactorCoolDownHours,
  twoFactorRequired: input.twoFactorRequired,
  passwordMaxAgeDays: input.passwordMaxAgeDays,
  customLogo: input.customLogo,
});

export function createDomainsService(db: Kysely<Database>) {
  /** Super admins see every domain (or the one named by `domainid`); domain admins their own. */
  async function listQuery(principal: TPrincipal, query: TPagedQuery) {
    assertDomainAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    // Domains have no bin flag: only super admins see deleted domains.
    if (deleted) assertSuperAdmin(principal);
    const scope =
      principal.superAdmin && query.domainid === undefined ? null : resolveDomainScope(principal, query.domainid);
    return { base: selectDomains(db, scope, deleted), query: { ...query, filters } };
  }

  const listOptions = { defaultSort: 'name', tieBreaker: sql`d.id` };

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const list = await listQuery(principal, query);
    const page = await runPagedList(list.base, list.query, DOMAIN_COLUMNS, listOptions);
    return { rows: page.rows.map(toDomain), total: page.total };
  }

  async function exportList(principal: TPrincipal, query: TExportQuery, reply: FastifyReply) {
    const list = await listQuery(principal, query);
    const { ordered } = buildListQuery(list.base, list.query, DOMAIN_COLUMNS, listOptions);
    const { label, yesNo } = exportLabels(query.language);
    return sendExcel<TDomain>(
      reply,
      'domains.xlsx',
      label('sheetDomains'),
      [
        { header: label('id'), width: 10, value: (row) => row.id },
        { header: label('code'), width: 15, value: (row) => row.code },
        { header: label('name'), width: 30, value: (row) => row.name },
        { header: label('description'), width: 40, value: (row) => row.description },
        { header: label('domainType'), value: (row) => labelOf(DOMAIN_TYPE_NAMES, row.domainType, query.language) },
        { header: label('active'), width: 10, value: (row) => yesNo(row.active) },
        { header: label('twoFactorCoolDownHours'), width: 12, value: (row) => row.twoFactorCoolDownHours },
        { header: label('companies'), width: 12, value: (row) => row.companies },
        { header: label('users'), width: 12, value: (row) => row.users },
        { header: label('createdAt'), dateTime: true, value: (row) => new Date(row.createdAt) },
        {
          header: label('deletedAt'),
          dateTime: true,
          value: (row) => (row.deletedAt ? new Date(row.deletedAt) : null),
        },
        { header: label('deletedBy'), width: 30, value: (row) => row.deletedBy },
      ],
      mapRows(ordered.offset(query.first).limit(query.pageSize).stream(500), toDomain),
    );
  }

  /** The live domain `id` if the caller may administer it, else 404. */
  async function loadVisible(principal: TPrincipal, id: number | string) {
    assertDomainAdministrator(principal);
    const row = await selectDomain(db, recordScope(principal), String(id));
    if (!row) throw notFound();
    return row;
  }

  async function detail(principal: TPrincipal, id: number | string): Promise<TDomainDetail> {
    const row = await loadVisible(principal, id);
    return { ...toDomain(row), customLogo: row.customLogo };
  }

  async function assertUnique(input: TDomainInput, exceptId?: string) {
    if (await existsLiveDomain(db, 'code', input.code, exceptId)) throw conflict('code');
    if (await existsLiveDomain(db, 'name', input.name, exceptId)) throw conflict('name');
  }

  async function create(principal: TPrincipal, input: TDomainInput) {
    assertSuperAdmin(principal);
    checkLogo(input.customLogo);
    await assertUnique(input);
    const values = toValues(input);
    const id = await withConflictFields(DOMAIN_UNIQUE_FIELDS, () =>
      runAudited<string>(
        db,
        principal,
        (newId) => ({ domainId: newId, entity: 'domain', entityId: newId, action: 'create', after: values }),
        (trx) => insertDomain(trx, values),
      ),
    );
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TDomainInput & { id: number }) {
    const current = await loadVisible(principal, input.id);
    if (!principal.superAdmin) {
      // A domain admin runs their domain; its identity, kind and whether it is open are the provider's.
      const changed = {
        code: input.code !== current.code,
        domainType: input.domainType !== current.domainType,
        active: input.active !== current.active,
      };
      const fields = Object.fromEntries(
        Object.entries(changed)
          .filter(([, value]) => value)
          .map(([field]) => [field, 'ERR_FORBIDDEN' as const]),
      );
      if (Object.keys(fields).length > 0) throw new ApiError(403, 'ERR_FORBIDDEN', fields);
    }
    checkLogo(input.customLogo);
    await assertUnique(input, current.id);
    const values = toValues(input);
    const entry = { domainId: current.id, entity: 'domain', entityId: current.id, action: 'update' };
    await withConflictFields(DOMAIN_UNIQUE_FIELDS, () =>
      runAudited(db, principal, { ...entry, before: current, after: values }, (trx) =>
        updateDomainRow(trx, current.id, values),
      ),
    );
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    assertSuperAdmin(principal);
    const current = await selectDomain(db, null, String(id));
    if (!current) throw notFound();
    if (current.id === principal.domainId) throw new ApiError(400, 'ERR_SELF_ACTION');
    const entry = { domainId: current.id, entity: 'domain', entityId: current.id, action: 'delete' };
    await runAudited(db, principal, { ...entry, before: { deleted: false }, after: { deleted: true } }, (trx) =>
      softDeleteDomain(trx, current.id, principal.userId),
    );
  }

  async function recover(principal: TPrincipal, id: number) {
    assertSuperAdmin(principal);
    const current = await selectDomain(db, null, String(id), true);
    if (!current) throw notFound();
    if (await existsLiveDomain(db, 'code', current.code)) throw conflict('code');
    if (await existsLiveDomain(db, 'name', current.name)) throw conflict('name');
    const entry = { domainId: current.id, entity: 'domain', entityId: current.id, action: 'recover' };
    await withConflictFields(DOMAIN_UNIQUE_FIELDS, () =>
      runAudited(db, principal, { ...entry, before: { deleted: true }, after: { deleted: false } }, (trx) =>
        recoverDomainRow(trx, current.id),
      ),
    );
  }

  async function typesDocument(principal: TPrincipal, id: number) {
    const domain = await loadVisible(principal, id);
    const { selected, available } = await selectDocumentTypesDual(db, domain.id);
    return { available: available.map(toPickerItem), selected: selected.map(toPickerItem) };
  }

  async function updateTypesDocument(principal: TPrincipal, id: number, listOfTypes: number[]) {
    const domain = await loadVisible(principal, id);
    assertKnownIds('listOfTypes', listOfTypes, await selectLiveTypeIds(db, domain.id, listOfTypes));
    const before = (await selectDocumentTypesDual(db, domain.id)).selected.map((type) => Number(type.id)).sort();
    const entry = { domainId: domain.id, entity: 'domain', entityId: domain.id, action: 'update-document-types' };
    const after = { documentTypes: [...listOfTypes].sort() };
    await runAudited(db, principal, { ...entry, before: { documentTypes: before }, after }, (trx) =>
      replaceDocumentTypes(trx, domain.id, listOfTypes),
    );
  }

  async function advanceComTemplate(principal: TPrincipal, id: number, kind: TemplateKind = ADVANCED_KIND) {
    const domain = await loadVisible(principal, id);
    const { selected, available } = await selectAdvTemplatesDual(db, domain.id, kind);
    return { available: available.map(toPickerItem), selected: selected.map(toPickerItem) };
  }

  /** The domain's chosen templates of a kind (advanced communication unless told): its document tabs. */
  async function updateAdvComTemplate(
    principal: TPrincipal,
    id: number,
    templateIds: number[],
    kind: TemplateKind = ADVANCED_KIND,
  ) {
    const domain = await loadVisible(principal, id);
    const known = await selectLiveTemplateIds(db, domain.id, kind, templateIds);
    assertKnownIds('advancedComTemplates', templateIds, known);
    const before = (await selectAdvTemplatesDual(db, domain.id, kind)).selected.map((item) => Number(item.id)).sort();
    const entry = { domainId: domain.id, entity: 'domain', entityId: domain.id, action: 'update-templates' };
    const after = { [`templates${kind}`]: [...templateIds].sort() };
    await runAudited(db, principal, { ...entry, before: { [`templates${kind}`]: before }, after }, (trx) =>
      replaceAdvTemplates(trx, domain.id, kind, templateIds),
    );
  }

  async function allDomains(principal: TPrincipal) {
    assertDomainAdministrator(principal);
    return (await selectDomainPicker(db, recordScope(principal))).map(toPickerItem);
  }

  /** Combo lists: the value is the code, the text the message key the console translates. */
  function typeComTemplate(principal: TPrincipal) {
    assertDomainAdministrator(principal);
    return TEMPLATE_KINDS.map((kind) => ({ value: kind, text: `TEMPLATE_KIND_${kind}` }));
  }

  function domainTypes(principal: TPrincipal) {
    assertDomainAdministrator(principal);
    return DOMAIN_TYPES.map((type) => ({ value: type, text: `DOMAIN_TYPE_${type}` }));
  }

  return {
    read,
    exportList,
    detail,
    create,
    update,
    remove,
    recover,
    typesDocument,
    updateTypesDocument,
    advanceComTemplate,
    updateAdvComTemplate,
    allDomains,
    typeComTemplate,
    domainTypes,
  };
}
