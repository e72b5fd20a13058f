import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectChainHeads, streamTenantChain, type TAuditRow } from './audit.queries.ts';
import { type TAuditBreak, type TAuditRecord, verifyAuditChain } from './audit-chain.ts';

export function toAuditRecord(row: TAuditRow): TAuditRecord & { hash: string } {
  return {
    domainId: String(row.domainId),
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actorKind: row.actorKind,
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    actorRoles: row.actorRoles,
    apiKeyId: row.apiKeyId,
    ip: row.ip,
    userAgent: row.userAgent,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes as TAuditRecord['changes'],
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export type TAuditChainReport = { domainId: string; records: number; broken: TAuditBreak | null };

/** Verifies every tenant's chain from where the retention purge left it; one line per tenant. */
export async function checkAuditChains(db: Kysely<Database>): Promise<TAuditChainReport[]> {
  const reports: TAuditChainReport[] = [];
  for (const head of await selectChainHeads(db)) {
    const records: (TAuditRecord & { hash: string })[] = [];
    for await (const row of streamTenantChain(db, head.domainId)) records.push(toAuditRecord(row));
    const broken = verifyAuditChain(records, { seq: Number(head.purgedSeq), hash: head.purgedHash });
    reports.push({ domainId: String(head.domainId), records: records.length, broken });
  }
  return reports;
}
