import { createHash } from 'node:crypto';
import { canonicalJson, type TJson } from './canonical-json.ts';

/** `prev_hash` of the first record of every tenant's chain. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Version of the hashed form; a new form gets a new number and old records keep verifying. */
const AUDIT_CHAIN_VERSION = 1;

/** A field's change: its values, or only that it changed for a secret. */
export type TFieldChange = { before: TJson; after: TJson } | { changed: true };

/** What a record seals; its hash covers all of it and the previous record's hash. */
export type TAuditRecord = {
  domainId: string;
  seq: number;
  /** ISO 8601 with milliseconds, UTC. */
  at: string;
  actorKind: 'user' | 'api_key' | 'system' | 'anonymous';
  actorUserId: string | null;
  actorName: string | null;
  actorRoles: string[];
  apiKeyId: string | null;
  ip: string | null;
  userAgent: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: Record<string, TFieldChange>;
  prevHash: string;
};

export function hashAuditRecord(record: TAuditRecord): string {
  const hashed = { v: AUDIT_CHAIN_VERSION, ...record } as unknown as TJson;
  return createHash('sha256').update(canonicalJson(hashed)).digest('hex');
}

export type TAuditBreak = { seq: number; problem: 'sequence' | 'prevHash' | 'hash' };

/**
 * Recomputes a tenant's chain from where the retention purge left it (`start`): numbers follow on, each record names
 * the hash of the one before, and each hash matches its record. Answers the first break, or null when it holds.
 */
export function verifyAuditChain(
  records: readonly (TAuditRecord & { hash: string })[],
  start: { seq: number; hash: string } = { seq: 0, hash: AUDIT_GENESIS_HASH },
): TAuditBreak | null {
  let previous = start.hash;
  for (const [index, record] of records.entries()) {
    if (record.seq !== start.seq + index + 1) return { seq: record.seq, problem: 'sequence' };
    if (record.prevHash !== previous) return { seq: record.seq, problem: 'prevHash' };
    const { hash, ...hashed } = record;
    if (hashAuditRecord(hashed) !== hash) return { seq: record.seq, problem: 'hash' };
    previous = hash;
  }
  return null;
}
