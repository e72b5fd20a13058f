import type { Insertable, Kysely } from 'kysely';
import type { AccountMailsTable, Database } from '../db/schema.ts';

export async function insertAccountMail(db: Kysely<Database>, mail: Insertable<AccountMailsTable>) {
  await db.insertInto('account_mails').values(mail).execute();
}
