import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { sealClientSecret } from '../src/federation/oidc-client-secret.ts';
import type { TTestApp } from './test-app.ts';

export async function domainIdOf(db: Kysely<Database>, code: string): Promise<string> {
  const row = await db.selectFrom('domains').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** An OpenID Connect provider row as the administration writes it (client secret sealed). */
export async function insertOidcProvider(
  t: TTestApp,
  row: {
    domain: string;
    issuer: string;
    clientId: string;
    clientSecret: string;
    emailDomains: string[];
    name?: string;
    /** The rank of whoever configured it (contracts ROLE_RANK); a domain administrator's by default. */
    configuredRank?: number;
  },
): Promise<number> {
  const { sealed, keyId } = sealClientSecret(row.clientSecret, t.ctx.certificateKey);
  const inserted = await t.database.db
    .insertInto('identity_providers')
    .values({
      domain_id: await domainIdOf(t.database.db, row.domain),
      kind: 'oidc',
      name: row.name ?? 'Test OpenID provider',
      email_domains: row.emailDomains,
      oidc_issuer: row.issuer,
      oidc_client_id: row.clientId,
      oidc_client_secret_sealed: sealed,
      oidc_client_secret_key_id: keyId,
      configured_rank: row.configuredRank ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
