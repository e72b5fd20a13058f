import type { Insertable, Kysely } from 'kysely';
import type { AccountMessagesTable } from '../db/password-schema.ts';
import type { Database } from '../db/schema.ts';

/** Records an account mail: sent by SMTP, refused by it, or kept in the account outbox. */
export async function insertAccountMessage(db: Kysely<Database>, row: Insertable<AccountMessagesTable>): Promise<void> {
  await db.insertInto('account_messages').values(row).execute();
}
