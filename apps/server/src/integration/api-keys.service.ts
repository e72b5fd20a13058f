import { createHash, randomBytes } from 'node:crypto';
import type { TApiKey, TApiKeyNew } from '@sello/contracts/catalogue/integration-api-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TRateLimits } from '../platform/rate-limit.ts';
import { toKeyPrincipal } from './api-key-principal.ts';
import {
  insertApiKey,
  revokeApiKey,
  selectApiKey,
  selectApiKeys,
  selectKeyCaller,
  type TApiKeyRow,
  touchApiKey,
  updateApiKeySecret,
} from './api-keys.queries.ts';
import { assertAdministersCompany } from './company-admin.ts';

/** Every key starts so, which lets secret scanners recognise a leaked one. */
const SECRET_PREFIX = 'sello_';

/**
 * 256 random bits: nothing to guess, so one SHA-256 stores it safely (a slow password hash protects low-entropy
 * secrets; here it would only slow every API call).
 */
function newSecret() {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  return { secret, secretHash: hashSecret(secret), prefix: secret.slice(0, SECRET_PREFIX.length + 6) };
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toApiKey(row: TApiKeyRow): TApiKey {
  return {
    id: Number(row.id),
    companyId: Number(row.companyId),
    name: row.name,
    scopes: row.scopes as TApiKey['scopes'],
    prefix: row.prefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

type Deps = { db: Kysely<Database>; rateLimits: TRateLimits; perMinute: number };

export type TApiKeysService = ReturnType<typeof createApiKeysService>;

export function createApiKeysService({ db, rateLimits, perMinute }: Deps) {
  async function findManaged(principal: TPrincipal, id: number) {
    const row = await selectApiKey(db, String(id));
    if (!row) throw notFound();
    const domainId = await assertAdministersCompany(db, principal, row.companyId);
    return { row, domainId };
  }

  async function list(principal: TPrincipal, companyId: number): Promise<TApiKey[]> {
    await assertAdministersCompany(db, principal, String(companyId));
    return (await selectApiKeys(db, String(companyId))).map(toApiKey);
  }

  async function create(principal: TPrincipal, request: TApiKeyNew) {
    const companyId = String(request.companyId);
    const domainId = await assertAdministersCompany(db, principal, companyId);
    const { secret, secretHash, prefix } = newSecret();
    const values = { companyId, name: request.name, scopes: request.scopes, prefix };
    const id = await db.transaction().execute(async (trx) => {
      const newId = await insertApiKey(trx, { ...values, secretHash, createdBy: principal.userId });
      const entry = { domainId, entity: 'api_keys', entityId: newId, action: 'create' };
      await recordAudit(trx, principal, { ...entry, after: { ...values, secret: '*' } });
      return newId;
    });
    const row = await selectApiKey(db, id);
    return { ...toApiKey(row!), secret };
  }

  /** A new secret; whoever rotates becomes the key's creator, so the key acts with their rank from now on. */
  async function rotate(principal: TPrincipal, id: number) {
    const { row, domainId } = await findManaged(principal, id);
    const { secret, secretHash, prefix } = newSecret();
    await db.transaction().execute(async (trx) => {
      const rotated = await updateApiKeySecret(trx, String(id), { secretHash, prefix, createdBy: principal.userId });
      if (!rotated) throw new ApiError(409, 'ERR_API_KEY_INVALID');
      const entry = { domainId, entity: 'api_keys', entityId: id, action: 'rotate' };
      const before = { prefix: row.prefix, createdBy: row.createdBy, secret: null };
      await recordAudit(trx, principal, {
        ...entry,
        before,
        after: { prefix, createdBy: principal.username, secret: '*' },
      });
    });
    return { ...toApiKey((await selectApiKey(db, String(id)))!), secret };
  }

  async function revoke(principal: TPrincipal, id: number): Promise<TApiKey> {
    const { domainId } = await findManaged(principal, id);
    await db.transaction().execute(async (trx) => {
      // Revoking a revoked key changes nothing, so it records nothing.
      if (!(await revokeApiKey(trx, String(id)))) return;
      const entry = { domainId, entity: 'api_keys', entityId: id, action: 'revoke' };
      await recordAudit(trx, principal, { ...entry, before: { revoked: false }, after: { revoked: true } });
    });
    return toApiKey((await selectApiKey(db, String(id)))!);
  }

  /** The principal of a bearer secret (session-hooks.ts), counted against the key's limit per minute. */
  async function resolveBearer(secret: string): Promise<TPrincipal> {
    const caller = await selectKeyCaller(db, hashSecret(secret));
    const principal = caller && toKeyPrincipal(caller);
    if (!principal?.apiKey) throw new ApiError(401, 'ERR_API_KEY_INVALID');
    const [hit] = await Promise.all([
      rateLimits.hit(`api-key:${principal.apiKey.id}`, perMinute, 60),
      touchApiKey(db, principal.apiKey.id),
    ]);
    if (!hit.allowed) {
      throw new ApiError(429, 'ERR_TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: hit.retryAfterSeconds });
    }
    return principal;
  }

  return { list, create, rotate, revoke, resolveBearer };
}
