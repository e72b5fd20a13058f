import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TAuditRecord } from './audit-chain.ts';

/** Locks the tenant's chain head (creating it) until the transaction ends, and answers it. */
export async function lockChainHead(trx: Transaction<Database>, domainId: string) {
  const row = await trx
    .insertInto('audit_chain_heads')
    .values({ domain_id: domainId, seq: 0, last_hash: '0'.repeat(64) })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet({ seq: sql`audit_chain_heads.seq` }))
    .returning(['seq', 'last_hash as lastHash'])
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), lastHash: row.lastHash };
}

/** Appends a record and moves its tenant's head to it. */
export async function insertAuditRecord(trx: Transaction<Database>, record: TAuditRecord & { hash: string }) {
  await trx
    .insertInto('audit_records')
    .values({
      domain_id: record.domainId,
      seq: record.seq,
      at: record.at,
      actor_kind: record.actorKind,
      actor_user_id: record.actorUserId,
      actor_name: record.actorName,
      actor_roles: record.actorRoles,
      api_key_id: record.apiKeyId,
      ip: record.ip,
      user_agent: record.userAgent,
      entity: record.entity,
      entity_id: record.entityId,
      action: record.action,
      changes: JSON.stringify(record.changes),
      prev_hash: record.prevHash,
      hash: record.hash,
    })
    .execute();
  await trx
    .updateTable('audit_chain_heads')
    .set({ seq: record.seq, last_hash: record.hash })
    .where('domain_id', '=', record.domainId)
    .execute();
}

/** The columns of a record in the form the chain hashes. */
export function selectAuditRecordColumns(db: Kysely<Database>) {
  return db
    .selectFrom('audit_records as a')
    .select([
      'a.id',
      'a.domain_id as domainId',
      'a.seq',
      'a.at',
      'a.actor_kind as actorKind',
      'a.actor_user_id as actorUserId',
      'a.actor_name as actorName',
      'a.actor_roles as actorRoles',
      'a.api_key_id as apiKeyId',
      'a.ip',
      'a.user_agent as userAgent',
      'a.entity',
      'a.entity_id as entityId',
      'a.action',
      'a.changes',
      'a.prev_hash as prevHash',
      'a.hash',
    ]);
}

export type TAuditRow = Awaited<ReturnType<ReturnType<typeof selectAuditRecordColumns>['executeTakeFirstOrThrow']>>;

/** Every tenant's chain: where the purge left it and its records in order. */
export async function selectChainHeads(db: Kysely<Database>) {
  return db
    .selectFrom('audit_chain_heads')
    .select(['domain_id as domainId', 'purged_seq as purgedSeq', 'purged_hash as purgedHash'])
    .orderBy('domain_id')
    .execute();
}

export function streamTenantChain(db: Kysely<Database>, domainId: string) {
  return selectAuditRecordColumns(db).where('a.domain_id', '=', domainId).orderBy('a.seq').stream(1000);
}

/**
 * Removes the records older than `keepDays` days, oldest first per tenant, and remembers the last removed record of
 * each tenant so the chain check starts after it. Answers how many went. The database function does it with the
 * owner's rights (the server's role may not delete audit records) and refuses to keep less than 365 days.
 */
export async function purgeAuditRecords(db: Kysely<Database>, keepDays: number): Promise<number> {
  const result = await sql<{
    purged: string;
  }>`SELECT purge_audit_records(${keepDays}::integer)::text AS purged`.execute(db);
  return Number(result.rows[0]?.purged ?? 0);
}
