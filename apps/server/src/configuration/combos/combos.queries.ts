import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Live companies among `ids`, with their domain. */
export function selectLiveCompanies(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Whether a live domain has this id. */
export async function domainExists(db: Db, domainId: string): Promise<boolean> {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a domain has contracted, or undefined when it has no restriction. */
export function selectDomainConfiguration(db: Db, domainId: string) {
  return db
    .selectFrom('domain_configuration')
    .select(['service_kinds as serviceKinds', 'channels', 'identity_document_types as identityDocumentTypes'])
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
}

/**
 * Certificates the domains can sign with right now: live, active, inside their validity, and with a
 * key usage that allows signing (digitalSignature or nonRepudiation, or no key usage extension at all,
 * which RFC 5280 reads as any use). By name, then id.
 */
export function selectSigningCertificates(db: Db, domainIds: readonly string[], limit: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'name', 'subject_cn as commonName', 'valid_to as validTo'])
    .where('domain_id', 'in', domainIds)
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .where('valid_from', '<=', sql<Date>`now()`)
    .where('valid_to', '>', sql<Date>`now()`)
    .where(sql<boolean>`(cardinality(key_usage) = 0 OR key_usage && ARRAY['digitalSignature', 'nonRepudiation'])`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Live users assigned to any of the companies (of the company's own domain), by name; with
 * `onlyAuthorisers`, only those holding the authorisations list (`shippingListOnlyAuth`). `blocked`
 * is true for inactive or locked accounts, which stay visible but cannot be chosen.
 */
export function selectCompanyUsers(db: Db, companyIds: readonly string[], onlyAuthorisers: boolean, limit: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.username', sql<boolean>`(NOT u.active OR u.blocked)`.as('blocked')])
    .where('u.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_companies as uc')
          .innerJoin('companies as c', 'c.id', 'uc.company_id')
          .select('uc.user_id')
          .whereRef('uc.user_id', '=', 'u.id')
          .whereRef('c.domain_id', '=', 'u.domain_id')
          .where('uc.company_id', 'in', companyIds),
      ),
    )
    .$if(onlyAuthorisers, (query) => query.where(sql<boolean>`'shippingListOnlyAuth' = ANY(u.permissions)`))
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
