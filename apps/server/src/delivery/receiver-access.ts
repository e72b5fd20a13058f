import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import {
  selectReceiverByAccessHash,
  selectReceiverByHandOverSession,
  updateReceiverAccess,
} from './delivery.queries.ts';

export type TReceiverAccess = { receiverId: string; shippingId: string; domainId: string; expiresAt: Date };

/**
 * Gives a receiver a new link token, valid until `expiresAt`, and answers it. Only its SHA-256 is
 * stored, and a new token replaces the previous one (a resent link invalidates the old).
 */
export async function issueReceiverAccess(
  db: Kysely<Database>,
  receiverId: string,
  expiresAt: Date,
  now = new Date(),
): Promise<string> {
  const token = createToken();
  await updateReceiverAccess(db, receiverId, { tokenHash: hashToken(token), issuedAt: now, expiresAt });
  return token;
}

/**
 * The receiver a link token opens, or null when it is unknown, expired or its shipping deleted. The token is the
 * receiver's own link, or the access of a page handed over at the desk once it was opened (portal/hand-over.service.ts).
 */
export async function findReceiverAccess(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<TReceiverAccess | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = hashToken(token);
  const row = (await selectReceiverByAccessHash(db, hash)) ?? (await selectReceiverByHandOverSession(db, hash));
  if (!row?.expiresAt || row.expiresAt <= now || row.shippingDeletedAt !== null) return null;
  return { receiverId: row.receiverId, shippingId: row.shippingId, domainId: row.domainId, expiresAt: row.expiresAt };
}
