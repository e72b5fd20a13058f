import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The live domain of `domainId`, or undefined. */
export async function selectLiveDomainId(db: Kysely<Database>, domainId: string) {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The live users or companies of a domain: the count the triggers of live_counts keep, so an
 * unfiltered list's total reads one row instead of counting 100,000.
 */
export async function selectLiveCount(db: Kysely<Database>, domainId: string, kind: 'users' | 'companies') {
  const row = await db
    .selectFrom('live_counts')
    .select('live')
    .where('domain_id', '=', domainId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.live ?? 0);
}

/** Live users or companies of the domain `domainId` (an expression), from live_counts. */
export function liveCountOf(domainId: Expression<unknown>, kind: 'users' | 'companies') {
  return sql<number>`coalesce((SELECT lc.live::int FROM live_counts lc WHERE lc.domain_id = ${domainId}
    AND lc.kind = ${kind}), 0)`;
}

/**
 * Members of a company or group that are not in the users' bin. Every link names an existing user,
 * so this is the live members: the anti-join reads the small bin (index users_deleted_id), not the row
 * of every member.
 */
export function notDeletedUser(userId: Expression<unknown>) {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM users du WHERE du.id = ${userId} AND du.deleted_at IS NOT NULL)`;
}
