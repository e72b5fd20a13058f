import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { sealClientSecret } from '../src/federation/oidc-client-secret.ts';
import type { TTestApp } from './test-app.ts';

export async function domainIdOf(db: Kysely<Database>, code: string): Promise<string> {
  const row = await db.selectFrom('domains').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An OpenID Connect provider row as the administration writes it (client secret sealed), its e-mail domains
 * verified by the super admin: 'Sign in with your organisation' routes them to it.
 */
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
      oidc_issuer: row.issuer,
      oidc_client_id: row.clientId,
      oidc_client_secret_sealed: sealed,
      oidc_client_secret_key_id: keyId,
      configured_rank: row.configuredRank ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const superAdmin = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'super.admin')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('identity_provider_email_domains')
    .values(
      row.emailDomains.map((email_domain) => ({
        provider_id: inserted.id,
        email_domain,
        state: 'verified' as const,
        verified_at: new Date(),
        verified_how: 'superAdmin' as const,
        verified_by: superAdmin.id,
      })),
    )
    .execute();
  return Number(inserted.id);
}
