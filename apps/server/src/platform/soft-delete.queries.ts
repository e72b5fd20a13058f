import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Tenant-owned tables with a bin: `domain_id`, `deleted_at`, `deleted_by`, `updated_at`. */
export type TBinTable = 'companies' | 'groups' | 'users' | 'shipping_types' | 'templates';

/** Moves a live row of the domain to the bin, recording who did it. */
export async function softDeleteRow(
  db: Kysely<Database>,
  table: TBinTable,
  domainId: string,
  id: string,
  deletedBy: string,
): Promise<void> {
  // One table stands for all: they share these columns, and the union would defeat Kysely's typing.
  await db
    .updateTable(table as 'companies')
    .set({ deleted_at: sql`now()`, deleted_by: deletedBy, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Takes a row of the domain out of the bin. */
export async function recoverRow(db: Kysely<Database>, table: TBinTable, domainId: string, id: string): Promise<void> {
  await db
    .updateTable(table as 'companies')
    .set({ deleted_at: null, deleted_by: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is not', null)
    .execute();
}

/**
 * The name of who deleted a record. A subquery only for deleted rows, so live lists stay a plain
 * index range scan with no join.
 */
export function deletedByName(deletedBy: Expression<unknown>) {
  return sql<string | null>`CASE WHEN ${deletedBy} IS NULL THEN NULL
    ELSE (SELECT del.name FROM users del WHERE del.id = ${deletedBy}) END`.as('deletedBy');
}
