import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TDomainFilter } from '../../platform/admin-access.ts';
import { likeContains } from '../../platform/like-pattern.ts';
import type { TListColumns } from '../../platform/paged-list.ts';
import { forgetUserSignInFailures, signInFailuresOf, UNLOCKED } from '../../platform/sign-in-guards.queries.ts';
import { deletedByName } from '../../platform/soft-delete.queries.ts';

type Db = Kysely<Database>;

export const USER_UNIQUE_FIELDS = { users_username_live: 'userid' };

/**
 * Blocked by an administrator, or a sign-in guard holds for a while (wrong passwords delay some source, or wrong codes
 * locked the second factor; `locked_until`, see docs/decisions/sign-in.md "Sign-in guards").
 */
const BLOCKED_NOW = sql<boolean>`(u.blocked OR coalesce(u.locked_until > now(), false))`;

export const USER_COLUMNS: TListColumns = {
  userid: { expression: sql`lower(u.username)`, sortable: true, filter: 'text', notNull: true },
  name: { expression: sql`lower(u.name)`, sortable: true, filter: 'text', notNull: true },
  email: { expression: sql`lower(u.email)`, sortable: true, filter: 'text', notNull: true },
  role: { expression: sql`u.roles[1]`, sortable: true, filter: 'exact' },
  language: { expression: sql`u.language`, sortable: true, filter: 'exact', notNull: true },
  active: { expression: sql`u.active`, sortable: true, filter: 'boolean', notNull: true },
  blocked: {
    expression: BLOCKED_NOW,
    sortable: true,
    filter: 'boolean',
    notNull: true,
    // Each side through its own partial index (migrations 006 and 032), not a reading of every user.
    holds: (blocked) =>
      blocked
        ? sql<boolean>`(u.blocked OR u.locked_until > now())`
        : sql<boolean>`(NOT u.blocked AND (u.locked_until IS NULL OR u.locked_until <= now()))`,
  },
  isSandbox: { expression: sql`u.is_sandbox`, sortable: true, filter: 'boolean', notNull: true },
  lastLoginAt: { expression: sql`u.last_login_at`, sortable: true, filter: 'dateRange' },
  createdAt: { expression: sql`u.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`u.deleted_at`, sortable: true, filter: 'dateRange' },
};

export function selectUsers(db: Db, domain: TDomainFilter, deleted: boolean) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.domain_id as domainId',
      'u.username',
      'u.name',
      'u.email',
      'u.roles',
      'u.language',
      'u.active',
      BLOCKED_NOW.as('blocked'),
      'u.is_sandbox as isSandbox',
      'u.last_login_at as lastLoginAt',
      'u.created_at as createdAt',
      'u.deleted_at as deletedAt',
      deletedByName(sql.ref('u.deleted_by')),
    ])
    .$if(domain !== null, (query) => query.where('u.domain_id', '=', domain!))
    .where(deleted ? sql<boolean>`u.deleted_at IS NOT NULL` : sql<boolean>`u.deleted_at IS NULL`);
}

/**
 * What an export adds to a user so that it goes back in as an import (`importUsers`): its companies by tax id and
 * its groups by name, each list `; `-separated.
 */
export function userImportLinks() {
  return [
    sql<string>`coalesce((SELECT string_agg(c.tax_id, '; ' ORDER BY c.tax_id) FROM user_companies uc
      JOIN companies c ON c.id = uc.company_id WHERE uc.user_id = u.id AND c.deleted_at IS NULL), '')`.as(
      'companyTaxIds',
    ),
    sql<string>`coalesce((SELECT string_agg(g.name, '; ' ORDER BY g.name) FROM user_groups ug
      JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.deleted_at IS NULL), '')`.as('groupNames'),
  ] as const;
}

export type TUserRowDb = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

/** One user with what the detail shows besides the list columns. */
export function selectUser(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectUsers(db, domain, deleted)
    .select([
      'u.permissions',
      signInFailuresOf(sql.ref('u.username')).as('failedAttempts'),
      sql<string[]>`coalesce((SELECT array_agg(uc.company_id::text ORDER BY uc.company_id) FROM user_companies uc
        JOIN companies c ON c.id = uc.company_id WHERE uc.user_id = u.id AND c.deleted_at IS NULL), '{}')`.as(
        'companyIds',
      ),
      sql<string[]>`coalesce((SELECT array_agg(ug.group_id::text ORDER BY ug.group_id) FROM user_groups ug
        JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.deleted_at IS NULL), '{}')`.as('groupIds'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export type TUserDetailDb = NonNullable<Awaited<ReturnType<typeof selectUser>>>;

/** Users of a domain that have any of the given companies. */
export function whereInCompany(companyId: string) {
  return sql<boolean>`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = u.id AND uc.company_id = ${companyId})`;
}

/** Users linked to any of `companyIds` (a plain administrator's scope). */
export function whereInAnyCompany(companyIds: readonly string[]) {
  return sql<boolean>`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = u.id AND uc.company_id = ANY(${companyIds.map(String)}::bigint[]))`;
}

/** Usernames are unique across domains (sign-in names no domain). */
export async function existsLiveUsername(db: Db, username: string, exceptId?: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `usernames` (lower case) belong to live users. */
export async function selectLiveUsernames(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('username'))
    .where(sql`lower(username)`, 'in', usernames)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.username));
}

export type TUserValues = {
  username: string;
  name: string;
  email: string;
  language: string;
  roles: string[];
  permissions: string[];
  active: boolean;
  isSandbox: boolean;
};

export async function insertUser(db: Db, domainId: string, values: TUserValues, passwordHash: string) {
  const row = await db
    .insertInto('users')
    .values({
      domain_id: domainId,
      username: values.username,
      name: values.name,
      email: values.email,
      language: values.language,
      roles: values.roles,
      permissions: values.permissions,
      active: values.active,
      is_sandbox: values.isSandbox,
      password_hash: passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(
  db: Db,
  domainId: string,
  id: string,
  values: TUserValues & { blocked?: boolean; passwordHash?: string },
) {
  await db
    .updateTable('users')
    .set({
      username: values.username,
      name: values.name,
      email: values.email,
      language: values.language,
      roles: values.roles,
      permissions: values.permissions,
      active: values.active,
      is_sandbox: values.isSandbox,
      updated_at: sql`now()`,
      ...(values.blocked === true && { blocked: true }),
      ...(values.blocked === false && UNLOCKED),
      ...(values.passwordHash && { password_hash: values.passwordHash, password_changed_at: sql`now()` }),
    })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Makes the user's live companies exactly `companyIds`; links to deleted companies stay for a recovery. */
export async function replaceUserCompanies(db: Db, userId: string, companyIds: readonly number[]) {
  const ids = companyIds.map(String);
  await db
    .deleteFrom('user_companies')
    .where('user_id', '=', userId)
    .$if(ids.length > 0, (query) => query.where('company_id', 'not in', ids))
    .where('company_id', 'in', (eb) => eb.selectFrom('companies').select('id').where('deleted_at', 'is', null))
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('user_companies')
    .values(ids.map((companyId) => ({ user_id: userId, company_id: companyId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Makes the user's live groups exactly `groupIds`; links to deleted groups stay for a recovery. */
export async function replaceUserGroups(db: Db, userId: string, groupIds: readonly number[]) {
  const ids = groupIds.map(String);
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .$if(ids.length > 0, (query) => query.where('group_id', 'not in', ids))
    .where('group_id', 'in', (eb) => eb.selectFrom('groups').select('id').where('deleted_at', 'is', null))
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(ids.map((groupId) => ({ user_id: userId, group_id: groupId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Lifts every sign-in guard of a user: the block, the delays of every source, a locked second factor. */
export async function unblockUserRow(db: Db, domainId: string, id: string) {
  await db
    .updateTable('users')
    .set({ ...UNLOCKED, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
  await forgetUserSignInFailures(db, id);
}

/** Ends every session of a user (a new password, a block, deactivation or deletion). */
export async function revokeUserSessions(db: Db, userId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function selectUserPicker(
  db: Db,
  domainId: string,
  search: string | undefined,
  limit: number,
  scope: readonly string[] | null = null,
) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.name as text',
      'u.username as description',
      sql<boolean>`u.active AND NOT u.blocked`.as('active'),
    ])
    .where('u.domain_id', '=', domainId)
    .where('u.deleted_at', 'is', null)
    .$if(scope !== null, (query) => query.where(whereInAnyCompany(scope!)))
    .$if(Boolean(search), (query) =>
      query.where((eb) =>
        eb.or([eb('u.name', 'ilike', likeContains(search!)), eb('u.username', 'ilike', likeContains(search!))]),
      ),
    )
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** Live users who sent shippings (not deleted) from any of the companies, for the shipping list filter. */
export function selectSendersOfCompanies(db: Db, companyIds: readonly string[], limit: number) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.name as text',
      'u.username as description',
      sql<boolean>`u.active AND NOT u.blocked`.as('active'),
    ])
    .where('u.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shippings as s')
          .select('s.id')
          .whereRef('s.sender_id', '=', 'u.id')
          .where('s.company_id', 'in', companyIds)
          .where('s.deleted_at', 'is', null),
      ),
    )
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** The ids among `ids` that are live users of the domain. */
export async function selectLiveUserIds(db: Db, domainId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}
