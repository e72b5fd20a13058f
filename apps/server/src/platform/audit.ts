import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertAuditRecord, lockChainHead } from './audit.queries.ts';
import { hashAuditRecord, type TAuditRecord, type TFieldChange } from './audit-chain.ts';
import { canonicalJson, type TJson } from './canonical-json.ts';
import { currentRequestSource } from './request-context.ts';

/** Who did it: a signed-in user (a principal fits), or nobody known (a failed sign-in under an unknown login). */
export type TAuditActor = { userId: string; username: string; roles: readonly string[] } | { anonymous: string | null };

export type TAuditValues = Record<string, unknown>;

/** One change: the tenant it belongs to (null: none), the entity and what happened, and its fields around it. */
export type TAuditEntry = {
  domainId: string | number | null;
  entity: string;
  entityId: string | number | null;
  action: string;
  before?: TAuditValues | null;
  after?: TAuditValues | null;
};

/** Fields whose values never reach the trail (secrets; blobs such as a logo), only that they changed. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'privateKey',
  'private_key',
  'privateKeyBox',
  'certificatePassword',
  'clientSecret',
  'client_secret',
  'totpSecret',
  'secret',
  'token',
  'recoveryCodes',
  'customLogo',
  // A template's body: its size, not its text, belongs in a trail; the template keeps its text.
  'content',
]);

function toJson(value: unknown): TJson {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `${value.length} bytes`;
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJson(v)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value as TJson;
}

/** The fields that differ between before and after; secrets only as `{ changed: true }`. */
function diffFields(before: TAuditValues | null, after: TAuditValues | null): Record<string, TFieldChange> {
  const changes: Record<string, TFieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    // An update that leaves a field out (undefined) keeps it.
    if (before && after && key in after && after[key] === undefined) continue;
    const was = before && key in before ? toJson(before[key]) : null;
    const is = after && key in after ? toJson(after[key]) : null;
    if (canonicalJson(was) === canonicalJson(is)) continue;
    changes[key] = SECRET_FIELDS.has(key) ? { changed: true } : { before: was, after: is };
  }
  return changes;
}

/** An update's before holds the fields its after names (a row read has more columns than the change sets). */
function restrictTo(before: TAuditValues | null, after: TAuditValues | null): TAuditValues | null {
  if (!before || !after) return before;
  return Object.fromEntries(Object.keys(after).map((key) => [key, before[key]]));
}

function actorFields(actor: TAuditActor) {
  if ('userId' in actor) {
    return {
      actorKind: 'user' as const,
      actorUserId: actor.userId,
      actorName: actor.username,
      actorRoles: [...actor.roles],
    };
  }
  return { actorKind: 'anonymous' as const, actorUserId: null, actorName: actor.anonymous, actorRoles: [] };
}

/**
 * Appends one record to the tenant's chain inside the change's own transaction: if the change rolls back, so does
 * its record; the chain head stays locked until then, so a tenant's records are numbered in commit order.
 */
export async function recordAudit(trx: Transaction<Database>, actor: TAuditActor, entry: TAuditEntry): Promise<void> {
  const domainId = entry.domainId === null ? '0' : String(entry.domainId);
  const head = await lockChainHead(trx, domainId);
  const source = currentRequestSource();
  const fields = actorFields(actor);
  const record: TAuditRecord = {
    domainId,
    seq: head.seq + 1,
    at: new Date().toISOString(),
    ...fields,
    actorKind: source.apiKeyId && fields.actorKind === 'anonymous' ? 'api_key' : fields.actorKind,
    apiKeyId: source.apiKeyId,
    ip: source.ip,
    userAgent: source.userAgent,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    changes: diffFields(restrictTo(entry.before ?? null, entry.after ?? null), entry.after ?? null),
    prevHash: head.lastHash,
  };
  await insertAuditRecord(trx, { ...record, hash: hashAuditRecord(record) });
}

/** Runs a change and its record in one transaction; the entry may depend on what the change answered (a new id). */
export function runAudited<T>(
  db: Kysely<Database>,
  actor: TAuditActor,
  entry: TAuditEntry | ((result: T) => TAuditEntry),
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, actor, typeof entry === 'function' ? entry(result) : entry);
    return result;
  });
}
