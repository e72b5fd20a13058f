import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The permission that makes a user an authoriser (the authorisations list of spec §6). */
export const AUTHORISER_PERMISSION = 'shippingListOnlyAuth';

/** Named authorisers of a type, in the chosen order. */
export function selectWfUsers(db: Db, typeId: string) {
  return db
    .selectFrom('shipping_type_authorisers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.name as text', 'u.username as description', 'u.active'])
    .where('a.type_id', '=', typeId)
    .where('u.deleted_at', 'is', null)
    .orderBy('a.id')
    .execute();
}

export function selectWfGroups(db: Db, typeId: string) {
  return db
    .selectFrom('shipping_type_authorisers as a')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .select(['g.id', 'g.name as text', 'g.description', 'g.active'])
    .where('a.type_id', '=', typeId)
    .where('g.deleted_at', 'is', null)
    .orderBy('a.id')
    .execute();
}

/**
 * Users who may authorise shippings of a type: live users of the domain who hold the authoriser
 * permission in one of the type's companies (any company of the domain for a domain-wide type).
 */
export function selectWfCandidates(db: Db, domainId: string, companyId: string | null) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name as text', 'u.username as description', 'u.active'])
    .where('u.domain_id', '=', domainId)
    .where('u.deleted_at', 'is', null)
    .where(sql<SqlBool>`${AUTHORISER_PERMISSION} = ANY (u.permissions)`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_companies as uc')
          .innerJoin('companies as c', 'c.id', 'uc.company_id')
          .select('uc.user_id')
          .whereRef('uc.user_id', '=', 'u.id')
          .where('c.deleted_at', 'is', null)
          .$if(companyId !== null, (query) => query.where('uc.company_id', '=', companyId!)),
      ),
    )
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
}

/** The live groups of a domain: those a type of the domain may name in its workflow. */
export function selectLiveGroups(db: Db, domainId: string) {
  return db
    .selectFrom('groups as g')
    .select(['g.id', 'g.name as text', 'g.description', 'g.active'])
    .where('g.domain_id', '=', domainId)
    .where('g.deleted_at', 'is', null)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .execute();
}

export async function selectLiveGroupIds(db: Db, domainId: string, ids: readonly number[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function replaceWfUsers(trx: Trx, typeId: string, userIds: readonly number[]) {
  await trx
    .deleteFrom('shipping_type_authorisers')
    .where('type_id', '=', typeId)
    .where('user_id', 'is not', null)
    .execute();
  // Inserted one by one so the identity keeps the chosen order.
  for (const userId of userIds) {
    await trx.insertInto('shipping_type_authorisers').values({ type_id: typeId, user_id: userId }).execute();
  }
}

export async function replaceWfGroups(trx: Trx, typeId: string, groupIds: readonly number[]) {
  await trx
    .deleteFrom('shipping_type_authorisers')
    .where('type_id', '=', typeId)
    .where('group_id', 'is not', null)
    .execute();
  for (const groupId of groupIds) {
    await trx.insertInto('shipping_type_authorisers').values({ type_id: typeId, group_id: groupId }).execute();
  }
}
