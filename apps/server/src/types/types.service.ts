import type { TTypeListRow } from '@sello/contracts/catalogue/types';
import type { TPagedQuery } from '@sello/contracts/common';
import type { ServiceKind } from '@sello/contracts/enums';
import { type Kysely, sql } from 'kysely';
import { assertBin, recordScope, resolveListDomain } from '../administration/admin-access.ts';
import { conflict, takeDeletedFilter } from '../administration/admin-lists.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import { toIso } from '../platform/iso-date.ts';
import { runPagedList } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { recoverRow, softDeleteRow } from '../platform/soft-delete.queries.ts';
import {
  existsLiveTypeName,
  selectLiveCompanyDomain,
  selectType,
  selectTypes,
  type TTypeDbRow,
  TYPE_COLUMNS,
} from './types.queries.ts';

function toListRow(row: TTypeDbRow): TTypeListRow {
  return {
    id: Number(row.id),
    companyId: row.companyId === null ? null : Number(row.companyId),
    companyName: row.companyName ?? null,
    name: row.name,
    description: row.description,
    service: row.service as ServiceKind,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

/** Shipping types of a domain: the paged list (live, or deleted with typeBin), delete and recover. */
export function createTypesService(db: Kysely<Database>) {
  async function readList(principal: TPrincipal, query: TPagedQuery) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    assertBin(principal, deleted ? 'typeBin' : 'types');
    const domainId = await resolveListDomain(principal, query, (id) => selectLiveCompanyDomain(db, id));
    const page = await runPagedList(selectTypes(db, domainId, deleted), { ...query, filters }, TYPE_COLUMNS, {
      defaultSort: deleted ? 'deletedAt' : 'name',
      tieBreaker: sql`t.id`,
    });
    return { rows: page.rows.map(toListRow), total: page.total };
  }

  async function remove(principal: TPrincipal, id: number) {
    const current = await selectType(db, recordScope(principal), String(id));
    if (!current) throw notFound();
    await softDeleteRow(db, 'shipping_types', current.domainId, current.id, principal.userId);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await selectType(db, recordScope(principal), String(id), true);
    if (!current) throw notFound();
    // Its name may have been given to another type of the domain while it was deleted.
    if (await existsLiveTypeName(db, current.domainId, current.name)) throw conflict('name');
    await recoverRow(db, 'shipping_types', current.domainId, current.id);
  }

  return { readList, remove, recover };
}
