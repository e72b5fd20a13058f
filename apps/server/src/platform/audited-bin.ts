import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { runAudited } from './audit.ts';
import type { TPrincipal } from './principal.ts';
import { recoverRow, softDeleteRow, type TBinTable } from './soft-delete.queries.ts';

type TBinRow = { domainId: string; id: string };

/** Moves a row to the bin and records it, in one transaction. */
export function softDeleteAudited(db: Kysely<Database>, principal: TPrincipal, table: TBinTable, row: TBinRow) {
  const entry = { domainId: row.domainId, entity: table, entityId: row.id, action: 'delete' };
  return runAudited(db, principal, { ...entry, before: { deleted: false }, after: { deleted: true } }, (trx) =>
    softDeleteRow(trx, table, row.domainId, row.id, principal.userId),
  );
}

/** Takes a row out of the bin and records it, in one transaction. */
export function recoverAudited(db: Kysely<Database>, principal: TPrincipal, table: TBinTable, row: TBinRow) {
  const entry = { domainId: row.domainId, entity: table, entityId: row.id, action: 'recover' };
  return runAudited(db, principal, { ...entry, before: { deleted: true }, after: { deleted: false } }, (trx) =>
    recoverRow(trx, table, row.domainId, row.id),
  );
}
