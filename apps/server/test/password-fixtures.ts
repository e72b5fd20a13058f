import { HEADERS } from '@sello/contracts/constants';
import { type Kysely, sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { TestClient } from './test-app.ts';

type Db = Kysely<Database>;

export type TLinkTokens = { recoveryToken: string; loginToken: string };

/** The two tokens of a `#/pwdrcvmail?...` link in a mail body. */
export function tokensOfBody(body: string): TLinkTokens {
  const match = /#\/pwdrcvmail\?(\S+)/.exec(body.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  if (!match?.[1]) throw new Error(`no recovery link in: ${body}`);
  const query = new URLSearchParams(match[1]);
  return { recoveryToken: query.get('recoveryToken') ?? '', loginToken: query.get('loginToken') ?? '' };
}

/** The newest account mail of a purpose kept in the outbox for a user, waiting for it to be written. */
export async function outboxMail(db: Db, username: string, purpose: string, after = 0) {
  return vi.waitFor(
    async () => {
      const row = await db
        .selectFrom('account_outbox as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.id', 'o.recipient', 'o.subject', 'o.body', 'o.purpose'])
        .where(sql`lower(u.username)`, '=', username.toLowerCase())
        .where('o.purpose', '=', purpose as 'recovery')
        .where('o.id', '>', String(after))
        .orderBy('o.id', 'desc')
        .executeTakeFirst();
      expect(row).toBeDefined();
      return row as NonNullable<typeof row>;
    },
    { timeout: 5000, interval: 50 },
  );
}

export async function lastOutboxId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('account_messages')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Asks for a recovery link and answers its tokens from the outbox. */
export async function requestRecoveryLink(client: TestClient, db: Db, username: string): Promise<TLinkTokens> {
  const after = await lastOutboxId(db);
  const response = await client.post('security/pwdrecover', { login: username, language: 'en-en' });
  expect(response.statusCode).toBe(200);
  return tokensOfBody((await outboxMail(db, username, 'recovery', after)).body);
}

/** `pwdrecoverlogin` then `pwdchg` with the token it answered. */
export async function setPasswordByLink(client: TestClient, tokens: TLinkTokens, newpassword: string) {
  const opened = await client.post('security/pwdrecoverlogin', tokens);
  expect(opened.statusCode).toBe(200);
  return client.call(
    'POST',
    'security/pwdchg',
    { ...tokens, newpassword },
    { [HEADERS.authToken]: opened.json().token },
  );
}
