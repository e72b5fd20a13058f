import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Live, active SAML providers of live, active domains, with the certificate chosen to check their signatures. */
function samlProviders(db: Kysely<Database>) {
  return db
    .selectFrom('identity_providers as p')
    .innerJoin('domains as d', 'd.id', 'p.domain_id')
    .leftJoin('saml_certificates as c', (join) =>
      join.onRef('c.id', '=', 'p.saml_certificate_id').onRef('c.domain_id', '=', 'p.domain_id'),
    )
    .select([
      'p.id',
      'p.name',
      'p.domain_id as domainId',
      'd.code as domainCode',
      'p.saml_entity_id as entityId',
      'p.saml_sso_url as ssoUrl',
      'p.saml_user_attribute as userAttribute',
      'p.trust_idp_second_factor as trustIdpSecondFactor',
      'p.saml_allow_idp_initiated as allowIdpInitiated',
      'c.certificate_pem as certificatePem',
      // Whoever configured the provider or its certificate last bounds whom it may sign in.
      sql<number>`greatest(p.configured_rank, coalesce(c.configured_rank, p.configured_rank))`.as('configuredRank'),
      // The certificate counts only while live, active and within its validity.
      sql<boolean>`coalesce(c.deleted_at IS NULL AND c.active AND c.valid_from <= now() AND c.valid_to > now(), false)`.as(
        'certificateUsable',
      ),
    ])
    .where('p.kind', '=', 'saml')
    .where('p.deleted_at', 'is', null)
    .where('p.active', '=', true)
    .where('d.deleted_at', 'is', null)
    .where('d.active', '=', true);
}

export type TSamlProviderRow = NonNullable<Awaited<ReturnType<typeof selectSamlProviderById>>>;

export async function selectSamlProviderById(db: Kysely<Database>, id: number) {
  return samlProviders(db).where('p.id', '=', String(id)).executeTakeFirst();
}

/** The providers that may have issued a response naming this issuer (one per domain that trusts it). */
export async function selectSamlProvidersByEntity(db: Kysely<Database>, entityId: string) {
  return samlProviders(db).where('p.saml_entity_id', '=', entityId).orderBy('p.id').execute();
}

export async function selectLiveDomainByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('domains')
    .select(['id', 'code'])
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .executeTakeFirst();
}

export async function insertSamlRequest(db: Kysely<Database>, providerId: string, id: string, seconds: number) {
  await db
    .insertInto('saml_requests')
    .values({ id, provider_id: providerId, expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Requests never answered are dropped once they have expired.
  await db.deleteFrom('saml_requests').where('expires_at', '<', sql<Date>`now()`).execute();
}

/** When a live request sent to this provider was issued; undefined when unknown, spent, expired or another's. */
export async function selectSamlRequest(db: Kysely<Database>, providerId: string, id: string) {
  return db
    .selectFrom('saml_requests')
    .select('issued_at as issuedAt')
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function deleteSamlRequest(db: Kysely<Database>, providerId: string, id: string) {
  return db
    .deleteFrom('saml_requests')
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .returning('issued_at as issuedAt')
    .executeTakeFirst();
}

/** Records an assertion as used; answers false when it already was (a replay). Expired entries are dropped. */
export async function recordUsedAssertion(
  db: Kysely<Database>,
  providerId: string,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.deleteFrom('saml_used_assertions').where('expires_at', '<', sql<Date>`now()`).execute();
  const inserted = await db
    .insertInto('saml_used_assertions')
    .values({ provider_id: providerId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.columns(['provider_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The live user of the domain the provider's value names: by login first, otherwise by e-mail when exactly one
 * user of the domain has it. Inactive users count as unknown, as in a password sign-in.
 */
export async function selectSamlUser(db: Kysely<Database>, domainId: string, value: string) {
  const wanted = value.trim().toLowerCase();
  const users = () =>
    db
      .selectFrom('users')
      .select(['id', 'blocked'])
      .where('domain_id', '=', domainId)
      .where('deleted_at', 'is', null)
      .where('active', '=', true);
  const byLogin = await users().where(sql`lower(username)`, '=', wanted).executeTakeFirst();
  if (byLogin) return byLogin;
  const byEmail = await users().where(sql`lower(email)`, '=', wanted).limit(2).execute();
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

/** Test and administration helper: a SAML provider row (the OIDC engineer's administration writes the same table). */
export async function insertSamlProvider(
  db: Kysely<Database>,
  row: {
    domainId: string;
    name: string;
    entityId: string;
    ssoUrl: string;
    certificateId: string;
    userAttribute?: string | null;
    trustIdpSecondFactor?: boolean;
    allowIdpInitiated?: boolean;
    /** The rank of whoever configured it (contracts ROLE_RANK); a domain administrator's by default. */
    configuredRank?: number;
  },
) {
  const inserted = await db
    .insertInto('identity_providers')
    .values({
      domain_id: row.domainId,
      kind: 'saml',
      name: row.name,
      trust_idp_second_factor: row.trustIdpSecondFactor ?? false,
      saml_entity_id: row.entityId,
      saml_sso_url: row.ssoUrl,
      saml_certificate_id: row.certificateId,
      saml_user_attribute: row.userAttribute ?? null,
      configured_rank: row.configuredRank ?? 1,
      saml_allow_idp_initiated: row.allowIdpInitiated ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
