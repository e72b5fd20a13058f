import type { Language } from '@sello/contracts/constants';
import { ApiError } from '../platform/api-error.ts';
import { sendAccountMail, type TAccountMailDeps } from './account-mail.ts';
import { recordFailedLogin } from './login.queries.ts';

export type TLoginLockDeps = TAccountMailDeps & { maxFailedAttempts: number; lockMinutes: number };

type TLoginUser = {
  id: string;
  username: string;
  email: string;
  language: string;
  /** Blocked by an administrator: until an administrator unblocks. */
  blocked: boolean;
  /** Locked by wrong passwords: until `locked_until` passes or an administrator unblocks. */
  locked: boolean;
};

const LOCK_TEXTS: Record<Language, { subject: string; body: string }> = {
  'en-en': {
    subject: 'Your Sello account is locked for a while',
    body: 'Too many wrong passwords were given for your Sello user {user}. It is locked for {minutes} minutes and then opens by itself; an administrator of your domain can open it earlier. If it was not you, tell your administrator.',
  },
  'es-es': {
    subject: 'Su cuenta de Sello está bloqueada temporalmente',
    body: 'Se han introducido demasiadas contraseñas incorrectas para su usuario de Sello {user}. Queda bloqueado {minutes} minutos y después se desbloquea solo; un administrador de su dominio puede desbloquearlo antes. Si no ha sido usted, avise a su administrador.',
  },
  'pt-pt': {
    subject: 'A sua conta Sello está bloqueada temporariamente',
    body: 'Foram introduzidas demasiadas palavras-passe erradas para o seu utilizador Sello {user}. Fica bloqueado {minutes} minutos e depois desbloqueia-se sozinho; um administrador do seu domínio pode desbloqueá-lo antes. Se não foi você, avise o seu administrador.',
  },
};

/**
 * The part of a sign-in that decides on a known user before a session opens. A wrong password answers
 * exactly as an unknown login does, locked or not, so nobody learns which accounts exist or are locked;
 * only the right password of a locked account hears that it is locked.
 */
export async function assertLoginAllowed(deps: TLoginLockDeps, user: TLoginUser, passwordOk: boolean): Promise<void> {
  if (!passwordOk) {
    if (!user.blocked && !user.locked) {
      const lockedNow = await recordFailedLogin(deps.db, user.id, {
        maxAttempts: deps.maxFailedAttempts,
        lockMinutes: deps.lockMinutes,
      });
      if (lockedNow) await mailLock(deps, user);
    }
    throw new ApiError(401, 'ERR_LOGIN_INVALID');
  }
  if (user.blocked || user.locked) throw new ApiError(403, 'ERR_ACCOUNT_LOCKED');
}

async function mailLock(deps: TLoginLockDeps, user: TLoginUser) {
  const text = LOCK_TEXTS[user.language as Language] ?? LOCK_TEXTS['en-en'];
  const body = text.body.replace('{user}', user.username).replace('{minutes}', String(deps.lockMinutes));
  try {
    await sendAccountMail(deps, user.id, 'lock', { to: user.email, subject: text.subject, text: `${body}\n` });
  } catch (error) {
    deps.logger.warn({ err: error }, 'lock mail not recorded');
  }
}
