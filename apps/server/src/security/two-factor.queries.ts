import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TwoFactorEventsTable } from '../db/two-factor-schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the sign-in step needs to know of a user's second factor and domain rule. */
export async function selectTwoFactorState(db: Db, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .leftJoin('user_two_factor as tf', 'tf.user_id', 'u.id')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.language',
      'u.roles',
      'u.domain_id as domainId',
      'd.two_factor_required as requirement',
      'd.two_factor_cool_down_hours as coolDownHours',
      sql<boolean>`coalesce(u.two_factor_locked_until > now(), false)`.as('factorLocked'),
      'tf.totp_secret as totpSecret',
      'tf.enrolled_at as enrolledAt',
      'tf.last_step as lastStep',
      'tf.pending_secret as pendingSecret',
      sql<number>`(SELECT count(*)::int FROM two_factor_recovery_codes rc WHERE rc.user_id = u.id AND rc.used_at IS NULL)`.as(
        'recoveryCodesLeft',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** A trust token of this user that is still within the domain's cool-down (as it is now). */
export async function hasTrustedBrowser(db: Db, userId: string, tokenHash: string, coolDownHours: number) {
  const row = await db
    .selectFrom('trusted_browsers')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`created_at + make_interval(hours => ${coolDownHours}) > now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTrustedBrowser(db: Db, userId: string, tokenHash: string, hours: number) {
  await db
    .insertInto('trusted_browsers')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: sql`now() + make_interval(hours => ${hours})` })
    .execute();
  await db
    .deleteFrom('trusted_browsers')
    .where('user_id', '=', userId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}

export async function insertChallenge(
  db: Db,
  row: { tokenHash: string; userId: string; purpose: 'verify' | 'enrol'; minutes: number },
) {
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      purpose: row.purpose,
      expires_at: sql`now() + make_interval(mins => ${row.minutes})`,
    })
    .execute();
}

/** The open challenge of a token hash, locked for the rest of the transaction; undefined when ended or expired. */
export async function lockLiveChallenge(trx: Transaction<Database>, tokenHash: string, maxFailures: number) {
  return trx
    .selectFrom('two_factor_challenges')
    .select([
      'id',
      'user_id as userId',
      'purpose',
      'failed_attempts as failedAttempts',
      'mail_code_hash as mailCodeHash',
      sql<boolean>`coalesce(mail_code_expires_at > now(), false)`.as('mailCodeLive'),
      'mail_codes_sent as mailCodesSent',
    ])
    .where('token_hash', '=', tokenHash)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('failed_attempts', '<', maxFailures)
    .forUpdate()
    .executeTakeFirst();
}

/** Counts a wrong code; the challenge ends at `maxFailures`. Answers the count. */
export async function recordWrongCode(trx: Transaction<Database>, challengeId: string, maxFailures: number) {
  const row = await trx
    .updateTable('two_factor_challenges')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      closed_at: sql`CASE WHEN failed_attempts + 1 >= ${maxFailures} THEN now() ELSE closed_at END`,
    })
    .where('id', '=', challengeId)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow();
  return row.failed_attempts;
}

/**
 * Whether wrong codes locked the user's second factor now. Takes the user's row lock for the rest of the transaction,
 * so that the codes of all the user's challenges are judged and counted one after the other.
 */
export async function lockFactorGuard(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select(sql<boolean>`coalesce(two_factor_locked_until > now(), false)`.as('locked'))
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row?.locked ?? false;
}

/**
 * Counts a wrong code of a user whose factor is not locked (under `lockFactorGuard`); the `maxFailures`-th in a row
 * locks it for `minutes`, which the administrators see as the account's lock (`locked_until`). After a lock has run
 * out the count starts again. Answers the failures counted and whether this one locked it.
 */
export async function recordFactorFailure(
  trx: Transaction<Database>,
  userId: string,
  limits: { maxFailures: number; minutes: number },
) {
  const count = sql<number>`CASE WHEN two_factor_locked_until IS NOT NULL THEN 1 ELSE two_factor_failures + 1 END`;
  const until = sql<Date>`now() + make_interval(mins => ${limits.minutes}::int)`;
  const locks = sql<boolean>`${count} >= ${limits.maxFailures}::int`;
  return trx
    .updateTable('users')
    .set({
      two_factor_failures: count,
      two_factor_locked_until: sql`CASE WHEN ${locks} THEN ${until} END`,
      locked_until: sql`CASE WHEN ${locks} THEN greatest(locked_until, ${until}) ELSE locked_until END`,
    })
    .where('id', '=', userId)
    .returning(['two_factor_failures as failures', sql<boolean>`two_factor_locked_until IS NOT NULL`.as('lockedNow')])
    .executeTakeFirstOrThrow();
}

/** A right code: the user's count of wrong codes starts again. */
export async function resetFactorFailures(trx: Transaction<Database>, userId: string) {
  await trx
    .updateTable('users')
    .set({ two_factor_failures: 0, two_factor_locked_until: null })
    .where('id', '=', userId)
    .where('two_factor_failures', '>', 0)
    .execute();
}

export async function closeChallenge(db: Db, challengeId: string) {
  await db.updateTable('two_factor_challenges').set({ closed_at: sql`now()` }).where('id', '=', challengeId).execute();
}

export async function setMailCode(db: Db, challengeId: string, codeHash: string, minutes: number) {
  await db
    .updateTable('two_factor_challenges')
    .set({
      mail_code_hash: codeHash,
      mail_code_expires_at: sql`now() + make_interval(mins => ${minutes})`,
      mail_codes_sent: sql`mail_codes_sent + 1`,
    })
    .where('id', '=', challengeId)
    .execute();
}

/**
 * Accepts TOTP step `step` for the user only when it is newer than the last accepted one. The row lock
 * makes two copies racing with the same code agree: one wins, the other sees the new step and fails.
 */
export async function acceptTotpStep(db: Db, userId: string, step: number) {
  const row = await db
    .updateTable('user_two_factor')
    .set({ last_step: step, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an unused recovery code used; answers whether there was one. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string) {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function savePendingSecret(db: Db, userId: string, sealed: Buffer) {
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, pending_secret: sealed, pending_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_secret: sealed, pending_at: sql`now()`, updated_at: sql`now()` }),
    )
    .execute();
}

/** Makes the pending secret the user's authenticator and replaces the recovery codes. */
export async function confirmEnrolment(
  trx: Transaction<Database>,
  userId: string,
  sealed: Buffer,
  step: number,
  recoveryCodeHashes: readonly string[],
) {
  await trx
    .updateTable('user_two_factor')
    .set({
      totp_secret: sealed,
      enrolled_at: sql`now()`,
      last_step: step,
      pending_secret: null,
      pending_at: null,
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('two_factor_recovery_codes')
    .values(recoveryCodeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
    .execute();
}

/** Removes every second factor of a user: authenticator, recovery codes, trusted browsers, open challenges. */
export async function deleteTwoFactor(trx: Transaction<Database>, userId: string) {
  await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('trusted_browsers').where('user_id', '=', userId).execute();
  await trx
    .updateTable('two_factor_challenges')
    .set({ closed_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}

export async function insertTwoFactorEvent(
  db: Db,
  event: { userId: string; domainId: string; actorId: string | null; kind: TwoFactorEventsTable['kind'] },
) {
  await db
    .insertInto('two_factor_events')
    .values({ user_id: event.userId, domain_id: event.domainId, actor_id: event.actorId, kind: event.kind })
    .execute();
}

/** A live user an administrator may act on: in `domainId` unless null (super admins reach every domain). */
export async function selectManagedUser(db: Db, domainId: string | null, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'roles', 'domain_id as domainId'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(domainId !== null, (query) => query.where('domain_id', '=', domainId!))
    .executeTakeFirst();
}

export async function insertAccountOutbox(
  db: Db,
  row: { userId: string; purpose: 'two_factor_code'; recipient: string; subject: string; body: string },
) {
  await db
    .insertInto('account_messages')
    .values({
      user_id: row.userId,
      purpose: row.purpose,
      transport: 'outbox',
      status: 'sent',
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
    })
    .execute();
}
