import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A LIKE pattern for text contained anywhere, wildcards of the text escaped. */
export function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The live domain of `domainId`, or undefined. */
export async function selectLiveDomainId(db: Kysely<Database>, domainId: string) {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
