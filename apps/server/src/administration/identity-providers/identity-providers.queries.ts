import { type Kysely, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
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
      // The claims in the order they were made: `emailDomains` of the answer.
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('identity_provider_email_domains as c')
            .leftJoin('users as vu', 'vu.id', 'c.verified_by')
            .select([
              'c.id',
              'c.email_domain',
              'c.state',
              'c.verified_at',
              'c.verified_how',
              'c.verified_mailbox',
              'vu.name as verified_by_name',
            ])
            .whereRef('c.provider_id', '=', 'p.id')
            .orderBy('c.id'),
        ).as('claims'),
      'p.trust_idp_second_factor',
      'p.active',
      'p.saml_entity_id',
      'p.saml_sso_url',
      'p.saml_certificate_id',
      'p.saml_user_attribute',
      'p.saml_allow_idp_initiated',
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
  trust_idp_second_factor: boolean;
  active: boolean;
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificate_id: number | null;
  saml_user_attribute: string | null;
  saml_allow_idp_initiated: boolean;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
};
export type TSealedSecret = { oidc_client_secret_sealed: Buffer | null; oidc_client_secret_key_id: string | null };

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

export async function markIdentityProviderDeleted(db: Transaction<Database>, id: number, domainId: string, by: string) {
  const result = await db
    .updateTable('identity_providers')
    .set({ deleted_at: sql<Date>`now()`, deleted_by: by, updated_at: sql<Date>`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markIdentityProviderRecovered(db: Kysely<Database>, id: number, domainId: string) {
  const result = await db
    .updateTable('identity_providers')
    .set({ deleted_at: null, deleted_by: null, updated_at: sql<Date>`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
