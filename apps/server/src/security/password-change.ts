import { checkPassword, PASSWORD_POLICY } from '@sello/contracts/password-policy';
import { guessReason } from '@sello/contracts/password-strength';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fieldError } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import { revokeOtherSessions, selectRecentPasswordHashes, storeNewPassword } from './password-history.queries.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type TPasswordChange = {
  user: { id: string; username: string; email: string; domainId: string; roles: readonly string[] };
  /** How the change was proved, for the audit trail. */
  via: 'account' | 'recovery' | 'expired';
  newPassword: string;
  minLength: number;
  /** The request's field the refusals name (`newpassword`, `newPassword`). */
  field: string;
  /** The session that made the change keeps working; every other one of the user ends. */
  keepSessionId?: string | null;
};

/** Refuses a password the policy or the user's history refuses, with the broken rule's key on `field`. */
export async function assertAcceptablePassword(db: Kysely<Database>, change: TPasswordChange) {
  const { user, newPassword, minLength, field } = change;
  const problem = checkPassword(newPassword, {
    minLength,
    login: user.username,
    email: user.email,
    guess: guessReason,
  });
  if (problem) throw fieldError(field, problem);
  const recent = await selectRecentPasswordHashes(db, user.id, PASSWORD_POLICY.historySize);
  for (const hash of recent) {
    if (await verifyPassword(hash, newPassword)) throw fieldError(field, 'ERR_PWD_REUSED');
  }
}

/**
 * The one way a user's password changes (recovery link, expired password, own account): policy,
 * history, the new hash, every other session of the user ended, and its audit record (the user is who did it).
 */
export async function changePassword(trx: Transaction<Database>, change: TPasswordChange) {
  await assertAcceptablePassword(trx, change);
  const hash = await hashPassword(change.newPassword);
  const { user } = change;
  await storeNewPassword(trx, user.id, hash, PASSWORD_POLICY.historySize);
  const sessionsRevoked = await revokeOtherSessions(trx, user.id, change.keepSessionId ?? null);
  await recordAudit(
    trx,
    { userId: user.id, username: user.username, roles: user.roles },
    {
      domainId: user.domainId,
      entity: 'users',
      entityId: user.id,
      action: 'password-change',
      // The password itself never reaches the trail: its field shows only that it changed.
      after: { password: '*', via: change.via, sessionsRevoked },
    },
  );
}
