import type { Language } from '@sello/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TMailer } from '../../platform/mailer.ts';
import { createToken, hashToken } from '../../platform/tokens.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import { insertRecoveryToken } from './users.queries.ts';

/** How long a link to choose a password works. */
const RECOVERY_LINK_HOURS = 48;

export type TRecoveryTokens = { recoveryToken: string; loginToken: string };
type TMailKind = 'welcome' | 'reset';

const TEXTS: Record<Language, Record<TMailKind, { subject: string; body: string }>> = {
  'en-en': {
    welcome: {
      subject: 'Your Sello account',
      body: 'An administrator created a Sello account for you with the user {user}. Choose your password here:',
    },
    reset: {
      subject: 'Choose a new Sello password',
      body: 'An administrator reset the password of your Sello user {user}. Choose a new one here:',
    },
  },
  'es-es': {
    welcome: {
      subject: 'Su cuenta de Sello',
      body: 'Un administrador ha creado una cuenta de Sello para usted con el usuario {user}. Elija su contraseña aquí:',
    },
    reset: {
      subject: 'Elija una nueva contraseña de Sello',
      body: 'Un administrador ha restablecido la contraseña de su usuario de Sello {user}. Elija una nueva aquí:',
    },
  },
  'pt-pt': {
    welcome: {
      subject: 'A sua conta Sello',
      body: 'Um administrador criou uma conta Sello para si com o utilizador {user}. Escolha a sua palavra-passe aqui:',
    },
    reset: {
      subject: 'Escolha uma nova palavra-passe Sello',
      body: 'Um administrador redefiniu a palavra-passe do seu utilizador Sello {user}. Escolha uma nova aqui:',
    },
  },
};

/** Stores a one-time recovery link for a user (hashes only) and answers its two tokens. */
export async function issueRecoveryLink(db: Kysely<Database>, userId: string, createdBy: string) {
  const tokens: TRecoveryTokens = { recoveryToken: createToken(), loginToken: createToken() };
  await insertRecoveryToken(db, {
    userId,
    recoveryHash: hashToken(tokens.recoveryToken),
    loginHash: hashToken(tokens.loginToken),
    createdBy,
    expiresAt: new Date(Date.now() + RECOVERY_LINK_HOURS * 3_600_000),
  });
  return tokens;
}

/** The console link of spec §2 `/pwdrcvmail`, carrying the two tokens `pwdrecoverlogin` takes. */
function recoveryUrl(consoleUrl: string, tokens: TRecoveryTokens): string {
  const base = consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`;
  const query = new URLSearchParams({ recoveryToken: tokens.recoveryToken, loginToken: tokens.loginToken });
  return `${base}#/pwdrcvmail?${query.toString()}`;
}

type TDeps = { mailer: TMailer; preferences: TPreferences; logger: FastifyBaseLogger };

/** Mails the link when SMTP is configured; answers whether it went out. A failure is logged, not thrown. */
export async function mailRecoveryLink(
  { mailer, preferences, logger }: TDeps,
  user: { email: string; username: string; language: string },
  tokens: TRecoveryTokens,
  kind: TMailKind,
): Promise<boolean> {
  if (!mailer.enabled) return false;
  const text = (TEXTS[user.language as Language] ?? TEXTS['en-en'])[kind];
  const consoleUrl = await preferences.consoleUrl();
  try {
    await mailer.send({
      to: user.email,
      subject: text.subject,
      text: `${text.body.replace('{user}', user.username)}\n\n${recoveryUrl(consoleUrl, tokens)}\n`,
    });
    return true;
  } catch (error) {
    logger.warn({ err: error }, 'recovery mail not sent');
    return false;
  }
}
