import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FORGET_SIGN_IN_FAILURES_AFTER } from '../platform/sign-in-guards.queries.ts';

type Db = Kysely<Database>;
export type TSignInPair = { loginHash: string; source: string };

/** The longest delay, however many failures: a day. */
const MAX_DELAY_SECONDS = 24 * 3600;

const lastActive = sql<Date>`coalesce(delayed_until, last_failed_at)`;

/** The failures a pair remembers, and how long its delay still runs (0: none). Undefined: nothing remembered. */
export async function selectSignInDelay(db: Db, pair: TSignInPair) {
  return db
    .selectFrom('sign_in_failures')
    .select(sql<number>`greatest(0, ceil(extract(epoch from delayed_until - now())))::int`.as('retryAfterSeconds'))
    .where('login_hash', '=', pair.loginHash)
    .where('source', '=', pair.source)
    .where(lastActive, '>', sql<Date>`now() - ${FORGET_SIGN_IN_FAILURES_AFTER}`)
    .executeTakeFirst();
}

/**
 * Counts a wrong password of a pair in one upsert. From the `maxAttempts`-th failure on, the pair is delayed for
 * `lockMinutes` doubled for each failure past it (at most a day). Answers the delay this failure set, in minutes.
 */
export async function recordSignInFailure(
  db: Db,
  pair: TSignInPair,
  limits: { maxAttempts: number; lockMinutes: number },
): Promise<{ delayMinutes: number | null }> {
  const failures = sql<number>`CASE WHEN coalesce(sign_in_failures.delayed_until, sign_in_failures.last_failed_at)
    <= now() - ${FORGET_SIGN_IN_FAILURES_AFTER} THEN 1 ELSE sign_in_failures.failures + 1 END`;
  const delayFor = (count: typeof failures | number) =>
    sql<Date | null>`CASE WHEN ${count} >= ${limits.maxAttempts}::int THEN now() + make_interval(secs => least(
      ${MAX_DELAY_SECONDS}::float8,
      ${limits.lockMinutes * 60}::float8 * power(2, least(${count} - ${limits.maxAttempts}::int, 16)))) END`;
  const row = await db
    .insertInto('sign_in_failures')
    .values({
      login_hash: pair.loginHash,
      source: pair.source,
      failures: 1,
      last_failed_at: sql`now()`,
      delayed_until: delayFor(1),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['login_hash', 'source'])
        .doUpdateSet({ failures, last_failed_at: sql`now()`, delayed_until: delayFor(failures) }),
    )
    .returning(sql<number | null>`round(extract(epoch from delayed_until - now()) / 60)::int`.as('delayMinutes'))
    .executeTakeFirstOrThrow();
  return { delayMinutes: row.delayMinutes };
}

/** The right password from a source clears what that source had failed. */
export async function forgetSignInFailures(db: Db, pair: TSignInPair) {
  await db
    .deleteFrom('sign_in_failures')
    .where('login_hash', '=', pair.loginHash)
    .where('source', '=', pair.source)
    .execute();
}

export async function deleteForgottenSignInFailures(db: Db) {
  await db
    .deleteFrom('sign_in_failures')
    .where(lastActive, '<=', sql<Date>`now() - ${FORGET_SIGN_IN_FAILURES_AFTER}`)
    .execute();
}
