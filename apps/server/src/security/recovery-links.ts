import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TMailer } from '../platform/mailer.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { composeAccountMail, sendAccountMail, type TMailOutcome } from './account-mail.ts';
import { insertRecoveryLink } from './password-recovery.queries.ts';

export type TRecoveryTokens = { recoveryToken: string; loginToken: string };
export type TLinkPurpose = 'welcome' | 'reset' | 'recovery';

/**
 * Stores a one-time link for a user (hashes only; every earlier unused link of the user stops
 * working) and answers its two tokens and lifetime.
 */
export async function issueRecoveryLink(
  db: Kysely<Database>,
  link: { userId: string; purpose: TLinkPurpose; createdBy: string | null; lifetimeMinutes: number },
) {
  const tokens: TRecoveryTokens = { recoveryToken: createToken(), loginToken: createToken() };
  await insertRecoveryLink(db, {
    userId: link.userId,
    purpose: link.purpose,
    recoveryHash: hashToken(tokens.recoveryToken),
    loginHash: hashToken(tokens.loginToken),
    createdBy: link.createdBy,
    expiresAt: new Date(Date.now() + link.lifetimeMinutes * 60_000),
  });
  return { ...tokens, lifetimeMinutes: link.lifetimeMinutes };
}

/** The console link of spec §2 `/pwdrcvmail`, carrying the two tokens `pwdrecoverlogin` takes. */
export function recoveryUrl(consoleUrl: string, tokens: TRecoveryTokens): string {
  const base = consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`;
  const query = new URLSearchParams({ recoveryToken: tokens.recoveryToken, loginToken: tokens.loginToken });
  return `${base}#/pwdrcvmail?${query.toString()}`;
}

type TDeps = { db: Kysely<Database>; mailer: TMailer; preferences: TPreferences; logger: FastifyBaseLogger };

/** Mails the link in the user's language, or keeps it in the account outbox without SMTP. */
export async function mailRecoveryLink(
  { db, mailer, preferences, logger }: TDeps,
  user: { id: string; email: string; username: string; language: string },
  link: TRecoveryTokens & { lifetimeMinutes: number },
  purpose: TLinkPurpose,
): Promise<TMailOutcome> {
  const url = recoveryUrl(await preferences.consoleUrl(), link);
  const text = composeAccountMail(purpose, user, { link: url, lifetimeMinutes: link.lifetimeMinutes });
  return sendAccountMail({ db, mailer, logger }, { userId: user.id, purpose, to: user.email, ...text });
}
