import { type Expression, type Kysely, sql } from 'kysely';
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

/**
 * The name of who deleted a record. A subquery only for deleted rows, so live lists stay a plain
 * index range scan with no join.
 */
export function deletedByName(deletedBy: Expression<unknown>) {
  return sql<string | null>`CASE WHEN ${deletedBy} IS NULL THEN NULL
    ELSE (SELECT del.name FROM users del WHERE del.id = ${deletedBy}) END`.as('deletedBy');
}
