import type { TGroup, TGroupDetail, TGroupInput } from '@sello/contracts/catalogue/administration-groups';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { LIMITS } from '@sello/contracts/constants';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertAdministrator, assertBin, recordScope, resolveListDomain } from '../../platform/admin-access.ts';
import { notFound } from '../../platform/api-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import { recoverAudited, softDeleteAudited } from '../../platform/audited-bin.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { toIso } from '../../platform/iso-date.ts';
import { buildListQuery, runPagedList } from '../../platform/paged-list.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { resolveDomainScope } from '../../platform/tenancy.ts';
import { selectLiveDomainId } from '../admin.queries.ts';
import {
  assertKnownIds,
  conflict,
  mapRows,
  takeDeletedFilter,
  toPickerItem,
  withConflictFields,
} from '../admin-lists.ts';
import { selectCompanyDomain } from '../companies/companies.queries.ts';
import { exportLabels } from '../export-labels.ts';
import { selectLiveUserIds } from '../users/users.queries.ts';
import {
  existsLiveGroupName,
  GROUP_COLUMNS,
  GROUP_UNIQUE_FIELDS,
  groupUsersCount,
  insertGroup,
  replaceGroupMembers,
  selectGroup,
  selectGroupMembers,
  selectGroupPicker,
  selectGroups,
  selectGroupUserCounts,
  type TGroupRow,
  updateGroupRow,
} from './groups.queries.ts';

function toGroup(row: TGroupRow & { users: number }): TGroup {
  return {
    id: Number(row.id),
    domainId: Number(row.domainId),
    name: row.name,
    description: row.description,
    active: row.active,
    users: row.users,
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

const toValues = (input: TGroupInput) => ({
  name: input.name,
  description: input.description ?? null,
  active: input.active,
});

export function createGroupsService(db: Kysely<Database>) {
  async function listQuery(principal: TPrincipal, query: TPagedQuery) {
    assertAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted) assertBin(principal, 'groupBin');
    const domainId = await resolveListDomain(principal, query, (id) => selectCompanyDomain(db, id));
    return { base: selectGroups(db, domainId, deleted), query: { ...query, filters } };
  }

  const listOptions = { defaultSort: 'name', tieBreaker: sql`g.id` };

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const list = await listQuery(principal, query);
    const page = await runPagedList(list.base, list.query, GROUP_COLUMNS, listOptions);
    const users = await selectGroupUserCounts(
      db,
      page.rows.map((row) => row.id),
    );
    return { rows: page.rows.map((row) => toGroup({ ...row, users: users.get(row.id) ?? 0 })), total: page.total };
  }

  async function exportList(principal: TPrincipal, query: TExportQuery, reply: FastifyReply) {
    const list = await listQuery(principal, query);
    const { ordered } = buildListQuery(list.base, list.query, GROUP_COLUMNS, listOptions);
    const { label, yesNo } = exportLabels(query.language);
    return sendExcel<TGroup>(
      reply,
      'groups.xlsx',
      label('sheetGroups'),
      [
        { header: label('id'), width: 10, value: (row) => row.id },
        { header: label('name'), width: 30, value: (row) => row.name },
        { header: label('description'), width: 40, value: (row) => row.description },
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
      mapRows(ordered.select(groupUsersCount()).offset(query.first).limit(query.pageSize).stream(500), toGroup),
    );
  }

  async function detail(principal: TPrincipal, id: number): Promise<TGroupDetail> {
    assertAdministrator(principal);
    const row = await selectGroup(db, recordScope(principal), String(id));
    if (!row) throw notFound();
    const members = await selectGroupMembers(db, row.id);
    return { ...toGroup(row), members: members.map(toPickerItem) };
  }

  async function assertMembers(domainId: string, userIds: readonly number[]) {
    assertKnownIds('userIds', userIds, await selectLiveUserIds(db, domainId, userIds));
  }

  async function create(principal: TPrincipal, domainid: number | undefined, input: TGroupInput) {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    if (!(await selectLiveDomainId(db, domainId))) throw notFound();
    await assertMembers(domainId, input.userIds);
    if (await existsLiveGroupName(db, domainId, input.name)) throw conflict('name');
    const id = await withConflictFields(GROUP_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        const values = toValues(input);
        const groupId = await insertGroup(trx, domainId, values);
        await replaceGroupMembers(trx, groupId, input.userIds);
        const after = { ...values, userIds: [...input.userIds].sort() };
        await recordAudit(trx, principal, { domainId, entity: 'groups', entityId: groupId, action: 'create', after });
        return groupId;
      }),
    );
    return detail(principal, Number(id));
  }

  async function update(principal: TPrincipal, input: TGroupInput & { id: number }) {
    assertAdministrator(principal);
    const current = await selectGroup(db, recordScope(principal), String(input.id));
    if (!current) throw notFound();
    await assertMembers(current.domainId, input.userIds);
    if (await existsLiveGroupName(db, current.domainId, input.name, current.id)) throw conflict('name');
    await withConflictFields(GROUP_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        const values = toValues(input);
        const members = (await selectGroupMembers(trx, current.id)).map((member) => Number(member.id)).sort();
        await updateGroupRow(trx, current.domainId, current.id, values);
        await replaceGroupMembers(trx, current.id, input.userIds);
        await recordAudit(trx, principal, {
          domainId: current.domainId,
          entity: 'groups',
          entityId: current.id,
          action: 'update',
          before: { ...current, userIds: members },
          after: { ...values, userIds: [...input.userIds].sort() },
        });
      }),
    );
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const current = await selectGroup(db, recordScope(principal), String(id));
    if (!current) throw notFound();
    await softDeleteAudited(db, principal, 'groups', current);
  }

  async function recover(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const current = await selectGroup(db, recordScope(principal), String(id), true);
    if (!current) throw notFound();
    if (await existsLiveGroupName(db, current.domainId, current.name)) throw conflict('name');
    await withConflictFields(GROUP_UNIQUE_FIELDS, () => recoverAudited(db, principal, 'groups', current));
  }

  async function groupsByDomain(principal: TPrincipal, domainid: number, search: string | undefined) {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    return (await selectGroupPicker(db, domainId, search, LIMITS.onlineLimit)).map(toPickerItem);
  }

  return { read, exportList, detail, create, update, remove, recover, groupsByDomain };
}
