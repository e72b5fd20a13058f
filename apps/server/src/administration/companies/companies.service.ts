import type { TCompany, TCompanyInput } from '@sello/contracts/catalogue/administration-companies';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { LIMITS } from '@sello/contracts/constants';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  assertAdministrator,
  assertBin,
  companyScope,
  isInCompanyScope,
  recordScope,
  resolveListDomain,
} from '../../platform/admin-access.ts';
import { forbidden, notFound } from '../../platform/api-error.ts';
import { runAudited } from '../../platform/audit.ts';
import { recoverAudited, softDeleteAudited } from '../../platform/audited-bin.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { toIso } from '../../platform/iso-date.ts';
import { buildListQuery, runPagedList } from '../../platform/paged-list.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { resolveDomainScope } from '../../platform/tenancy.ts';
import { selectLiveCount, selectLiveDomainId } from '../admin.queries.ts';
import { conflict, mapRows, takeDeletedFilter, toPickerItem, withConflictFields } from '../admin-lists.ts';
import { exportLabels } from '../export-labels.ts';
import {
  COMPANY_COLUMNS,
  COMPANY_UNIQUE_FIELDS,
  companyUsersCount,
  existsLiveTaxId,
  insertCompany,
  selectCompanies,
  selectCompany,
  selectCompanyDomain,
  selectCompanyPicker,
  selectCompanyUserCounts,
  type TCompanyRow,
  updateCompanyRow,
  whereCompanyIn,
} from './companies.queries.ts';

function toCompany(row: TCompanyRow & { users: number }): TCompany {
  return {
    id: Number(row.id),
    domainId: Number(row.domainId),
    name: row.name,
    taxId: row.taxId,
    vatNumber: row.vatNumber,
    email: row.email,
    ccEmails: row.ccEmails,
    active: row.active,
    smsUcs2Allowed: row.smsUcs2Allowed,
    users: row.users,
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

function toValues(input: TCompanyInput) {
  return {
    name: input.name,
    taxId: input.taxId,
    vatNumber: input.vatNumber ?? null,
    email: input.email ?? null,
    ccEmails: input.ccEmails ?? null,
    active: input.active,
    smsUcs2Allowed: input.smsUcs2Allowed,
  };
}

export function createCompaniesService(db: Kysely<Database>) {
  /** The list query of a read or an export: the caller's scope, live or deleted rows, the screen's filters. */
  async function listQuery(principal: TPrincipal, query: TPagedQuery) {
    assertAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted) assertBin(principal, 'companyBin');
    const domainId = await resolveListDomain(principal, query, (id) => selectCompanyDomain(db, id));
    const scope = companyScope(principal);
    const base = selectCompanies(db, domainId, deleted).$if(scope !== null, (list) =>
      list.where(whereCompanyIn(scope!)),
    );
    return { base, query: { ...query, filters }, domainId, deleted, wholeDomain: scope === null };
  }

  const listOptions = { defaultSort: 'name', tieBreaker: sql`c.id` };

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const list = await listQuery(principal, query);
    const page = await runPagedList(list.base, list.query, COMPANY_COLUMNS, {
      ...listOptions,
      // Every live company of the domain: the kept count answers the total.
      ...(!list.deleted &&
        list.wholeDomain && { unfilteredTotal: () => selectLiveCount(db, list.domainId, 'companies') }),
    });
    const users = await selectCompanyUserCounts(
      db,
      page.rows.map((row) => row.id),
    );
    return { rows: page.rows.map((row) => toCompany({ ...row, users: users.get(row.id) ?? 0 })), total: page.total };
  }

  async function exportList(principal: TPrincipal, query: TExportQuery, reply: FastifyReply) {
    const list = await listQuery(principal, query);
    const { ordered } = buildListQuery(list.base, list.query, COMPANY_COLUMNS, listOptions);
    const { label, yesNo } = exportLabels(query.language);
    const rows = mapRows(
      ordered.select(companyUsersCount()).offset(query.first).limit(query.pageSize).stream(500),
      toCompany,
    );
    return sendExcel<TCompany>(
      reply,
      'companies.xlsx',
      label('sheetCompanies'),
      [
        { header: label('id'), width: 10, value: (row) => row.id },
        { header: label('name'), width: 40, value: (row) => row.name },
        { header: label('taxId'), value: (row) => row.taxId },
        { header: label('vatNumber'), value: (row) => row.vatNumber },
        { header: label('email'), width: 30, value: (row) => row.email },
        { header: label('ccEmails'), width: 40, value: (row) => row.ccEmails },
        { header: label('active'), width: 10, value: (row) => yesNo(row.active) },
        { header: label('users'), width: 10, value: (row) => row.users },
        { header: label('createdAt'), dateTime: true, value: (row) => new Date(row.createdAt) },
        {
          header: label('deletedAt'),
          dateTime: true,
          value: (row) => (row.deletedAt ? new Date(row.deletedAt) : null),
        },
        { header: label('deletedBy'), width: 30, value: (row) => row.deletedBy },
      ],
      rows,
    );
  }

  /** A company the caller manages (a plain administrator: one of their own); anything else is 404. */
  async function loadManaged(principal: TPrincipal, id: number, deleted = false) {
    assertAdministrator(principal);
    const row = await selectCompany(db, recordScope(principal), String(id), deleted);
    if (!row || !isInCompanyScope(companyScope(principal), [row.id])) throw notFound();
    return row;
  }

  async function detail(principal: TPrincipal, id: number): Promise<TCompany> {
    return toCompany(await loadManaged(principal, id));
  }

  async function create(principal: TPrincipal, domainid: number | undefined, input: TCompanyInput) {
    assertAdministrator(principal);
    // A plain administrator manages the companies they were given; new ones are the domain's to create.
    if (companyScope(principal) !== null) throw forbidden();
    const domainId = resolveDomainScope(principal, domainid);
    if (!(await selectLiveDomainId(db, domainId))) throw notFound();
    if (await existsLiveTaxId(db, domainId, input.taxId)) throw conflict('taxId');
    const values = toValues(input);
    const id = await withConflictFields(COMPANY_UNIQUE_FIELDS, () =>
      runAudited<string>(
        db,
        principal,
        (newId) => ({ domainId, entity: 'companies', entityId: newId, action: 'create', after: values }),
        (trx) => insertCompany(trx, domainId, values),
      ),
    );
    return detail(principal, Number(id));
  }

  async function update(principal: TPrincipal, input: TCompanyInput & { id: number }) {
    const current = await loadManaged(principal, input.id);
    if (await existsLiveTaxId(db, current.domainId, input.taxId, current.id)) throw conflict('taxId');
    const values = toValues(input);
    const entry = { domainId: current.domainId, entity: 'companies', entityId: current.id, action: 'update' };
    await withConflictFields(COMPANY_UNIQUE_FIELDS, () =>
      runAudited(db, principal, { ...entry, before: current, after: values }, (trx) =>
        updateCompanyRow(trx, current.domainId, current.id, values),
      ),
    );
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    const current = await loadManaged(principal, id);
    await softDeleteAudited(db, principal, 'companies', current);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await loadManaged(principal, id, true);
    // Its tax id may have been given to another company while it was deleted.
    if (await existsLiveTaxId(db, current.domainId, current.taxId)) throw conflict('taxId');
    await withConflictFields(COMPANY_UNIQUE_FIELDS, () => recoverAudited(db, principal, 'companies', current));
  }

  async function companiesByDomain(principal: TPrincipal, domainid: number, search: string | undefined) {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    const rows = await selectCompanyPicker(db, domainId, search, LIMITS.onlineLimit, companyScope(principal));
    return rows.map(toPickerItem);
  }

  return { read, exportList, detail, create, update, remove, recover, companiesByDomain };
}
