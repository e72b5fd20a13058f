import { createHash, randomInt } from 'node:crypto';
import type { Language } from '@sello/contracts/constants';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TMailer } from '../platform/mailer.ts';
import { insertAccountOutbox } from './two-factor.queries.ts';

const WORDS: Record<Language, { subject: string; body: (code: string, minutes: number) => string }> = {
  'es-es': {
    subject: 'Su código de acceso a Sello',
    body: (code, minutes) =>
      `Su código de acceso es ${code}.\n\nEs válido durante ${minutes} minutos y solo una vez. Si no ha intentado ` +
      'iniciar sesión, cambie su contraseña y avise a su administrador.',
  },
  'en-en': {
    subject: 'Your Sello sign-in code',
    body: (code, minutes) =>
      `Your sign-in code is ${code}.\n\nIt is valid for ${minutes} minutes and only once. If you did not try to ` +
      'sign in, change your password and tell your administrator.',
  },
  'pt-pt': {
    subject: 'O seu código de acesso ao Sello',
    body: (code, minutes) =>
      `O seu código de acesso é ${code}.\n\nÉ válido durante ${minutes} minutos e apenas uma vez. Se não tentou ` +
      'iniciar sessão, altere a sua palavra-passe e avise o seu administrador.',
  },
};

/** A six-digit code from the CSPRNG. */
export function createMailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes by e-mail are stored as the digest of the code with its challenge, so a hash fits one challenge only. */
export function hashMailCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

/** j***@example.com: enough to recognise one's address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Mails the code over SMTP, or keeps it in the account outbox when no SMTP server is configured. */
export async function sendMailCode(
  deps: { db: Kysely<Database>; mailer: TMailer },
  user: { id: string; email: string; language: string },
  code: string,
) {
  const words = WORDS[user.language as Language] ?? WORDS['es-es'];
  const mail = { to: user.email, subject: words.subject, text: words.body(code, TWO_FACTOR.mailCodeMinutes) };
  if (deps.mailer.enabled) {
    await deps.mailer.send(mail);
    return;
  }
  await insertAccountOutbox(deps.db, {
    userId: user.id,
    purpose: 'two_factor_code',
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
  });
}
