import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';
import type { TMail, TMailer } from '../platform/mailer.ts';
import { insertAccountMail } from './account-mail.queries.ts';

export type TAccountMailDeps = { db: Kysely<Database>; mailer: TMailer; logger: Logger };

/**
 * Mails a console user about their account through the mailer and records it; without SMTP the message
 * stays in `account_mails` as the outbox (transport 'outbox'). A failed send never fails the caller.
 */
export async function sendAccountMail(
  { db, mailer, logger }: TAccountMailDeps,
  userId: string,
  purpose: 'lock',
  mail: TMail,
): Promise<void> {
  let transport: 'outbox' | 'smtp' | 'failed' = 'outbox';
  if (mailer.enabled) {
    try {
      await mailer.send(mail);
      transport = 'smtp';
    } catch (error) {
      logger.warn({ err: error, purpose }, 'account mail not sent');
      transport = 'failed';
    }
  }
  await insertAccountMail(db, {
    user_id: userId,
    purpose,
    transport,
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
  });
}
