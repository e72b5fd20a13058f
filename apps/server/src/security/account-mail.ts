import type { Language } from '@sello/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountMessagesTable } from '../db/password-schema.ts';
import type { Database } from '../db/schema.ts';
import type { TMailer } from '../platform/mailer.ts';
import { insertAccountMessage } from './account-messages.queries.ts';

export type TAccountMailPurpose = Exclude<AccountMessagesTable['purpose'], 'two_factor_code'>;
/** What became of a mail: handed to SMTP, kept in the account outbox (no SMTP_URL), or SMTP refused it. */
export type TMailOutcome = 'sent' | 'outbox' | 'failed';

type TText = { subject: string; body: string };

const TEXTS: Record<Language, Record<TAccountMailPurpose, TText>> = {
  'en-en': {
    welcome: {
      subject: 'Your Sello account',
      body: 'An administrator created a Sello account for you with the user {user}. Choose your password here (the link works once, for {lifetime}):',
    },
    reset: {
      subject: 'Choose a new Sello password',
      body: 'An administrator reset the password of your Sello user {user}. Choose a new one here (the link works once, for {lifetime}):',
    },
    recovery: {
      subject: 'Recover your Sello password',
      body: 'Someone asked to recover the password of your Sello user {user}. If it was you, choose a new one here (the link works once, for {lifetime}); if not, ignore this mail:',
    },
    lock: {
      subject: 'Wrong passwords for your Sello account',
      body: 'Too many wrong passwords were given for your Sello user {user} from the network address {source}. Sign-ins from there are refused for {lifetime}; you can still sign in from anywhere else, and an administrator of your domain can lift it earlier. If it was not you, tell your administrator.',
    },
    two_factor_lock: {
      subject: 'Your Sello second factor is locked for a while',
      body: 'Too many wrong codes were given for the second factor of your Sello user {user}, after the right password. It is locked for {lifetime}; an administrator of your domain can lift it earlier. If it was not you, someone knows your password: change it at once and tell your administrator.',
    },
    password_changed: {
      subject: 'Your Sello password was changed',
      body: 'The password of your Sello user {user} was changed and every open session was closed. If you did not do it, recover your password at once and tell your administrator.',
    },
  },
  'es-es': {
    welcome: {
      subject: 'Su cuenta de Sello',
      body: 'Un administrador ha creado una cuenta de Sello para usted con el usuario {user}. Elija su contraseña aquí (el enlace sirve una vez, durante {lifetime}):',
    },
    reset: {
      subject: 'Elija una nueva contraseña de Sello',
      body: 'Un administrador ha restablecido la contraseña de su usuario de Sello {user}. Elija una nueva aquí (el enlace sirve una vez, durante {lifetime}):',
    },
    recovery: {
      subject: 'Recupere su contraseña de Sello',
      body: 'Alguien ha pedido recuperar la contraseña de su usuario de Sello {user}. Si ha sido usted, elija una nueva aquí (el enlace sirve una vez, durante {lifetime}); si no, ignore este correo:',
    },
    lock: {
      subject: 'Contraseñas incorrectas en su cuenta de Sello',
      body: 'Se han introducido demasiadas contraseñas incorrectas para su usuario de Sello {user} desde la dirección de red {source}. Los accesos desde allí se rechazan durante {lifetime}; puede seguir accediendo desde cualquier otro lugar, y un administrador de su dominio puede levantarlo antes. Si no ha sido usted, avise a su administrador.',
    },
    two_factor_lock: {
      subject: 'El segundo factor de su cuenta de Sello está bloqueado temporalmente',
      body: 'Se han introducido demasiados códigos erróneos del segundo factor de su usuario de Sello {user}, tras la contraseña correcta. Queda bloqueado durante {lifetime}; un administrador de su dominio puede desbloquearlo antes. Si no ha sido usted, alguien conoce su contraseña: cámbiela enseguida y avise a su administrador.',
    },
    password_changed: {
      subject: 'Su contraseña de Sello ha cambiado',
      body: 'La contraseña de su usuario de Sello {user} ha cambiado y se han cerrado todas sus sesiones. Si no ha sido usted, recupere su contraseña enseguida y avise a su administrador.',
    },
  },
  'pt-pt': {
    welcome: {
      subject: 'A sua conta Sello',
      body: 'Um administrador criou uma conta Sello para si com o utilizador {user}. Escolha a sua palavra-passe aqui (a ligação funciona uma vez, durante {lifetime}):',
    },
    reset: {
      subject: 'Escolha uma nova palavra-passe Sello',
      body: 'Um administrador redefiniu a palavra-passe do seu utilizador Sello {user}. Escolha uma nova aqui (a ligação funciona uma vez, durante {lifetime}):',
    },
    recovery: {
      subject: 'Recupere a sua palavra-passe Sello',
      body: 'Alguém pediu para recuperar a palavra-passe do seu utilizador Sello {user}. Se foi você, escolha uma nova aqui (a ligação funciona uma vez, durante {lifetime}); se não, ignore este correio:',
    },
    lock: {
      subject: 'Palavras-passe erradas na sua conta Sello',
      body: 'Foram introduzidas demasiadas palavras-passe erradas para o seu utilizador Sello {user} a partir do endereço de rede {source}. Os acessos a partir daí são recusados durante {lifetime}; pode continuar a aceder a partir de qualquer outro lugar, e um administrador do seu domínio pode levantá-lo antes. Se não foi você, avise o seu administrador.',
    },
    two_factor_lock: {
      subject: 'O segundo fator da sua conta Sello está bloqueado temporariamente',
      body: 'Foram introduzidos demasiados códigos errados do segundo fator do seu utilizador Sello {user}, após a palavra-passe correta. Fica bloqueado durante {lifetime}; um administrador do seu domínio pode desbloqueá-lo antes. Se não foi você, alguém conhece a sua palavra-passe: altere-a de imediato e avise o seu administrador.',
    },
    password_changed: {
      subject: 'A sua palavra-passe Sello foi alterada',
      body: 'A palavra-passe do seu utilizador Sello {user} foi alterada e todas as sessões abertas foram fechadas. Se não foi você, recupere a palavra-passe de imediato e avise o seu administrador.',
    },
  },
};

const UNITS: Record<Language, { minutes: string; hours: string }> = {
  'en-en': { minutes: 'minutes', hours: 'hours' },
  'es-es': { minutes: 'minutos', hours: 'horas' },
  'pt-pt': { minutes: 'minutos', hours: 'horas' },
};

function languageOf(language: string): Language {
  return language in TEXTS ? (language as Language) : 'en-en';
}

/** Subject and body of an account mail in the user's language; `link` follows the body when given. */
export function composeAccountMail(
  purpose: TAccountMailPurpose,
  user: { username: string; language: string },
  extra: { link?: string; lifetimeMinutes?: number; source?: string } = {},
): TText {
  const language = languageOf(user.language);
  const text = TEXTS[language][purpose];
  const minutes = extra.lifetimeMinutes ?? 0;
  const lifetime =
    minutes >= 120 && minutes % 60 === 0
      ? `${minutes / 60} ${UNITS[language].hours}`
      : `${minutes} ${UNITS[language].minutes}`;
  const body = text.body
    .replace('{user}', user.username)
    .replace('{lifetime}', lifetime)
    .replace('{source}', extra.source ?? '');
  return { subject: text.subject, body: extra.link ? `${body}\n\n${extra.link}\n` : `${body}\n` };
}

export type TAccountMailDeps = { db: Kysely<Database>; mailer: TMailer; logger: FastifyBaseLogger };

/**
 * Sends an account mail by SMTP, or keeps it in the account outbox when no SMTP server is configured,
 * and records it either way. A refused SMTP hand-over is logged and recorded, never thrown.
 */
export async function sendAccountMail(
  { db, mailer, logger }: TAccountMailDeps,
  mail: { userId: string; purpose: TAccountMailPurpose; to: string } & TText,
): Promise<TMailOutcome> {
  const row = { user_id: mail.userId, purpose: mail.purpose, recipient: mail.to, subject: mail.subject };
  if (!mailer.enabled) {
    await insertAccountMessage(db, { ...row, transport: 'outbox', body: mail.body, status: 'sent' });
    return 'outbox';
  }
  let error: string | null = null;
  try {
    await mailer.send({ to: mail.to, subject: mail.subject, text: mail.body });
  } catch (failure) {
    error = (failure as Error).message.slice(0, 500);
    logger.warn({ err: failure, purpose: mail.purpose }, 'account mail not sent');
  }
  await insertAccountMessage(db, { ...row, transport: 'smtp', body: null, status: error ? 'failed' : 'sent', error });
  return error ? 'failed' : 'sent';
}
