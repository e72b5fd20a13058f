import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { runPagedList, type TListColumns, type TListQuery } from '../../platform/paged-list.ts';

export const IDENTITY_PROVIDER_UNIQUE_FIELDS = {
  identity_providers_name_live: 'name',
  identity_providers_saml_entity_live: 'samlEntityId',
};

/** Columns the identity providers list may sort and filter by. */
export const IDENTITY_PROVIDER_COLUMNS: TListColumns = {
  name: { expression: sql`p.name`, sortable: true, filter: 'text' },
  kind: { expression: sql`p.kind`, sortable: true, filter: 'exact' },
  active: { expression: sql`p.active`, sortable: true, filter: 'boolean' },
  createdAt: { expression: sql`p.created_at`, sortable: true, filter: 'dateRange' },
  deletedAt: { expression: sql`p.deleted_at`, sortable: true, filter: 'dateRange' },
};

function rowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('identity_providers as p')
    .leftJoin('users as du', 'du.id', 'p.deleted_by')
    .select([
      'p.id',
      'p.domain_id',
      'p.kind',
      'p.name',
      'p.email_domains',
      'p.trust_idp_second_factor',
      'p.active',
      'p.saml_entity_id',
      'p.saml_sso_url',
      'p.saml_certificate_id',
      'p.saml_user_attribute',
      'p.oidc_issuer',
      'p.oidc_client_id',
      sql<boolean>`p.oidc_client_secret_sealed IS NOT NULL`.as('oidc_client_secret_set'),
      'p.created_at',
      'p.updated_at',
      'p.deleted_at',
      'du.name as deleted_by_name',
    ]);
}

export type TIdentityProviderRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

export function selectIdentityProviderPage(
  db: Kysely<Database>,
  domainId: string,
  deleted: boolean,
  query: TListQuery,
) {
  const base = rowQuery(db)
    .where('p.domain_id', '=', domainId)
    .where('p.deleted_at', deleted ? 'is not' : 'is', null);
  return runPagedList(base, query, IDENTITY_PROVIDER_COLUMNS, { defaultSort: 'name', tieBreaker: sql`p.id` });
}

export function selectIdentityProvider(db: Kysely<Database>, id: number) {
  return rowQuery(db).where('p.id', '=', String(id)).executeTakeFirst();
}

export type TIdentityProviderValues = {
  kind: 'saml' | 'oidc';
  name: string;
  email_domains: string[];
  trust_idp_second_factor: boolean;
  active: boolean;
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificate_id: number | null;
  saml_user_attribute: string | null;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
};
export type TSealedSecret = { oidc_client_secret_sealed: Buffer | null; oidc_client_secret_key_id: string | null };

/** Serialises the e-mail-domain check and the write, so two administrators cannot claim one domain at once. */
export async function lockEmailDomains(trx: Transaction<Database>) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('identity_providers.email_domains'))`.execute(trx);
}

/** The e-mail domains of `wanted` another live provider (of any Sello domain) already signs in. */
export async function selectClaimedEmailDomains(db: Kysely<Database>, wanted: string[], exceptId: string | null) {
  if (wanted.length === 0) return [];
  let query = db
    .selectFrom('identity_providers')
    .select(sql<string>`unnest(email_domains)`.as('email_domain'))
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`email_domains && ${sql.val(wanted)}::text[]`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  return [...new Set(rows.map((row) => row.email_domain).filter((value) => wanted.includes(value)))];
}

/** Whether a SAML certificate is a live one of the domain. */
export async function isDomainSamlCertificate(db: Kysely<Database>, domainId: string, certificateId: number) {
  const row = await db
    .selectFrom('saml_certificates')
    .select('id')
    .where('id', '=', String(certificateId))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertIdentityProvider(
  trx: Transaction<Database>,
  domainId: string,
  values: TIdentityProviderValues & TSealedSecret,
  by: { userId: string; rank: number },
) {
  const row = await trx
    .insertInto('identity_providers')
    .values({ ...values, domain_id: domainId, created_by: by.userId, configured_rank: by.rank })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a live provider of the domain; `secret` undefined keeps the stored client secret. */
export async function updateIdentityProviderRow(
  trx: Transaction<Database>,
  id: number,
  domainId: string,
  values: TIdentityProviderValues,
  secret: TSealedSecret | undefined,
  configuredRank: number,
) {
  const result = await trx
    .updateTable('identity_providers')
    .set({ ...values, ...secret, configured_rank: configuredRank, updated_at: sql<Date>`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markIdentityProviderDeleted(db: Kysely<Database>, id: number, domainId: string, by: string) {
  const result = await db
    .updateTable('identity_providers')
    .set({ deleted_at: sql<Date>`now()`, deleted_by: by, updated_at: sql<Date>`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markIdentityProviderRecovered(trx: Transaction<Database>, id: number, domainId: string) {
  const result = await trx
    .updateTable('identity_providers')
    .set({ deleted_at: null, deleted_by: null, updated_at: sql<Date>`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
