import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { insertAuditRecord, lockChainHead } from '../src/platform/audit.queries.ts';
import { hashAuditRecord, type TAuditRecord } from '../src/platform/audit-chain.ts';

const DAY_MS = 86_400_000;

/**
 * Appends to `domainId`'s chain one record per age (days ago, oldest first), as the writer does but back-dated:
 * records old enough for the retention purge, which a test cannot wait years for.
 */
export async function appendAgedAuditRecords(db: Kysely<Database>, domainId: string, agesInDays: readonly number[]) {
  await db.transaction().execute(async (trx) => {
    for (const days of agesInDays) {
      const head = await lockChainHead(trx, domainId);
      const record: TAuditRecord = {
        domainId,
        seq: head.seq + 1,
        at: new Date(Date.now() - days * DAY_MS).toISOString(),
        actorKind: 'system',
        actorUserId: null,
        actorName: null,
        actorRoles: [],
        apiKeyId: null,
        ip: null,
        userAgent: null,
        entity: 'preferences',
        entityId: null,
        action: 'update',
        changes: { note: { before: null, after: `${days} days ago` } },
        prevHash: head.lastHash,
      };
      await insertAuditRecord(trx, { ...record, hash: hashAuditRecord(record) });
    }
  });
}
