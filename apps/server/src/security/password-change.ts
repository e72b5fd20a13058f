import { checkPassword, PASSWORD_POLICY } from '@sello/contracts/password-policy';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fieldError } from '../platform/api-error.ts';
import { revokeOtherSessions, selectRecentPasswordHashes, storeNewPassword } from './password-history.queries.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type TPasswordChange = {
  user: { id: string; username: string; email: string };
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
  const problem = checkPassword(newPassword, { minLength, login: user.username, email: user.email });
  if (problem) throw fieldError(field, problem);
  const recent = await selectRecentPasswordHashes(db, user.id, PASSWORD_POLICY.historySize);
  for (const hash of recent) {
    if (await verifyPassword(hash, newPassword)) throw fieldError(field, 'ERR_PWD_REUSED');
  }
}

/**
 * The one way a user's password changes (recovery link, expired password, own account): policy,
 * history, the new hash, and every other session of the user ended. Call it inside a transaction.
 */
export async function changePassword(db: Kysely<Database>, change: TPasswordChange) {
  await assertAcceptablePassword(db, change);
  const hash = await hashPassword(change.newPassword);
  await storeNewPassword(db, change.user.id, hash, PASSWORD_POLICY.historySize);
  await revokeOtherSessions(db, change.user.id, change.keepSessionId ?? null);
}
