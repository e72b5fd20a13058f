import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TDomainFilter } from '../../platform/admin-access.ts';
import { likeContains } from '../../platform/like-pattern.ts';
import type { TListColumns } from '../../platform/paged-list.ts';
import { deletedByName } from '../../platform/soft-delete.queries.ts';
import { notDeletedUser } from '../admin.queries.ts';

type Db = Kysely<Database>;

export const GROUP_UNIQUE_FIELDS = { groups_name_live: 'name' };

export const GROUP_COLUMNS: TListColumns = {
  name: { expression: sql`lower(g.name)`, sortable: true, filter: 'text', notNull: true },
  description: { expression: sql`lower(g.description)`, sortable: true, filter: 'text' },
  active: { expression: sql`g.active`, sortable: true, filter: 'boolean', notNull: true },
  createdAt: { expression: sql`g.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`g.deleted_at`, sortable: true, filter: 'dateRange' },
};

export function selectGroups(db: Db, domain: TDomainFilter, deleted: boolean) {
  return db
    .selectFrom('groups as g')
    .select([
      'g.id',
      'g.domain_id as domainId',
      'g.name',
      'g.description',
      'g.active',
      'g.created_at as createdAt',
      'g.deleted_at as deletedAt',
      deletedByName(sql.ref('g.deleted_by')),
    ])
    .$if(domain !== null, (query) => query.where('g.domain_id', '=', domain!))
    .where(deleted ? sql<boolean>`g.deleted_at IS NOT NULL` : sql<boolean>`g.deleted_at IS NULL`);
}

export type TGroupRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['executeTakeFirstOrThrow']>>;

/** Live members of each group; like companies, a page counts only its own rows. */
export function groupUsersCount() {
  return sql<number>`(SELECT count(*)::int FROM user_groups ug
    WHERE ug.group_id = g.id AND ${notDeletedUser(sql.ref('ug.user_id'))})`.as('users');
}

export async function selectGroupUserCounts(db: Db, groupIds: readonly string[]) {
  if (groupIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('user_groups as ug')
    .select(['ug.group_id as id', sql<number>`count(*)::int`.as('users')])
    .where('ug.group_id', 'in', groupIds)
    .where(notDeletedUser(sql.ref('ug.user_id')))
    .groupBy('ug.group_id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.users]));
}

export function selectGroup(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectGroups(db, domain, deleted).select(groupUsersCount()).where('g.id', '=', id).executeTakeFirst();
}

/** Live members of a group, for the picker. */
export function selectGroupMembers(db: Db, groupId: string) {
  return db
    .selectFrom('user_groups as ug')
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .select([
      'u.id',
      'u.name as text',
      'u.username as description',
      sql<boolean>`u.active AND NOT u.blocked`.as('active'),
    ])
    .where('ug.group_id', '=', groupId)
    .where('u.deleted_at', 'is', null)
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
}

export async function existsLiveGroupName(db: Db, domainId: string, name: string, exceptId?: string) {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('domain_id', '=', domainId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

type TGroupValues = { name: string; description: string | null; active: boolean };

export async function insertGroup(db: Db, domainId: string, values: TGroupValues) {
  const row = await db
    .insertInto('groups')
    .values({ domain_id: domainId, name: values.name, description: values.description, active: values.active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroupRow(db: Db, domainId: string, id: string, values: TGroupValues) {
  await db
    .updateTable('groups')
    .set({ name: values.name, description: values.description, active: values.active, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Makes the live members of a group exactly `userIds`. Links to deleted users stay, so recovering a
 * user brings their groups back.
 */
export async function replaceGroupMembers(db: Db, groupId: string, userIds: readonly number[]) {
  const ids = userIds.map(String);
  await db
    .deleteFrom('user_groups')
    .where('group_id', '=', groupId)
    .$if(ids.length > 0, (query) => query.where('user_id', 'not in', ids))
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('deleted_at', 'is', null))
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(ids.map((userId) => ({ user_id: userId, group_id: groupId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export function selectGroupPicker(db: Db, domainId: string, search: string | undefined, limit: number) {
  return db
    .selectFrom('groups as g')
    .select(['g.id', 'g.name as text', 'g.description', 'g.active'])
    .where('g.domain_id', '=', domainId)
    .where('g.deleted_at', 'is', null)
    .$if(Boolean(search), (query) => query.where('g.name', 'ilike', likeContains(search!)))
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .limit(limit)
    .execute();
}

/** The ids among `ids` that are live groups of the domain. */
export async function selectLiveGroupIds(db: Db, domainId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Live groups of a domain by lower-case name. */
export async function selectLiveGroupsByName(db: Db, domainId: string, names: readonly string[]) {
  if (names.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('groups')
    .select(['id', sql<string>`lower(name)`.as('name')])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where(sql`lower(name)`, 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}
