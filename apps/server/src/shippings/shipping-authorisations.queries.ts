import { type Kysely, sql, type Transaction } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';
import { groupsOf } from './shipping-access.queries.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const AWAITING_AUTH = ['pending_auth', 'auths_pending_user'];

export type TAuthoriserSlot = { userId: string | null; groupId: string | null };

export async function insertAuthorisations(
  trx: Trx,
  shippingId: string,
  round: number,
  slots: readonly TAuthoriserSlot[],
  deadlineAt: Date,
) {
  if (slots.length === 0) return;
  await trx
    .insertInto('shipping_authorisations')
    .values(
      slots.map((slot) => ({
        shipping_id: shippingId,
        round,
        user_id: slot.userId,
        group_id: slot.groupId,
        deadline_at: deadlineAt,
      })),
    )
    .execute();
}

/** Pending authorisations of the current round, with whether `userId` can fill each. */
export async function selectOpenAuthorisations(trx: Trx, shippingId: string, round: number, userId: string) {
  return trx
    .selectFrom('shipping_authorisations as a')
    .select(['a.id', 'a.user_id as userId', 'a.group_id as groupId'])
    .select(sql<boolean>`(a.user_id = ${userId} OR a.group_id IN ${groupsOf(userId)})`.as('mine'))
    .where('a.shipping_id', '=', shippingId)
    .where('a.round', '=', round)
    .where('a.decision', '=', 'pending')
    .orderBy(sql`a.user_id IS NULL`)
    .orderBy('a.id')
    .execute();
}

export async function hasDecidedInRound(trx: Trx, shippingId: string, round: number, userId: string) {
  const row = await trx
    .selectFrom('shipping_authorisations')
    .select('id')
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .where('decided_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function decideAuthorisation(
  trx: Trx,
  id: string,
  values: { decision: 'authorized' | 'denied'; userId: string; at: Date; comment: string | null },
) {
  await trx
    .updateTable('shipping_authorisations')
    .set({ decision: values.decision, decided_by: values.userId, decided_at: values.at, comment: values.comment })
    .where('id', '=', id)
    .where('decision', '=', 'pending')
    .execute();
}

export async function expireOpenAuthorisations(trx: Trx, shippingId: string, round: number, at: Date) {
  await trx
    .updateTable('shipping_authorisations')
    .set({ decision: 'expired', decided_at: at })
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .where('decision', '=', 'pending')
    .execute();
}

/** The authorisers of a round (to open the next one with the same people). */
export async function selectRoundSlots(trx: Trx, shippingId: string, round: number) {
  return trx
    .selectFrom('shipping_authorisations')
    .select(['user_id as userId', 'group_id as groupId'])
    .where('shipping_id', '=', shippingId)
    .where('round', '=', round)
    .orderBy('id')
    .execute();
}

export async function selectTypeAuthDeadlineHours(trx: Trx, typeId: string) {
  const row = await trx
    .selectFrom('shipping_types')
    .select('auth_deadline_hours as hours')
    .where('id', '=', typeId)
    .executeTakeFirstOrThrow();
  return row.hours;
}

/** Shippings waiting for authorisation whose deadline has passed, oldest first. */
export async function selectExpiredAuthorisationIds(db: Db, now: Date, limit: number) {
  const rows = await db
    .selectFrom('shippings')
    .select('id')
    .where('state', 'in', AWAITING_AUTH)
    .where('deleted_at', 'is', null)
    .where('auth_deadline_at', '<=', now)
    .orderBy('auth_deadline_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export const selectAuthorisations = definePreparedQuery('sello_shipping_authorisations', (db, shippingId: string) =>
  db
    .selectFrom('shipping_authorisations as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('groups as g', 'g.id', 'a.group_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .select([
      'a.id',
      'a.round',
      'a.user_id as userId',
      'a.group_id as groupId',
      sql<string>`coalesce(u.name, g.name)`.as('authoriserName'),
      'a.decision',
      'a.decided_by as decidedById',
      'd.name as decidedBy',
      'a.decided_at as decidedAt',
      'a.comment',
      'a.deadline_at as deadlineAt',
    ])
    .where('a.shipping_id', '=', shippingId)
    .orderBy('a.round')
    .orderBy('a.id'),
);
export type TAuthorisationRecord = Awaited<ReturnType<typeof selectAuthorisations>>[number];
