import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TDomainFilter } from '../../platform/admin-access.ts';
import { likeContains } from '../../platform/like-pattern.ts';
import type { TListColumns } from '../../platform/paged-list.ts';
import { deletedByName } from '../../platform/soft-delete.queries.ts';
import { notDeletedUser } from '../admin.queries.ts';

type Db = Kysely<Database>;

/** Index name → field, for unique violations. */
export const COMPANY_UNIQUE_FIELDS = { companies_tax_id_live: 'taxId' };

export const COMPANY_COLUMNS: TListColumns = {
  name: { expression: sql`lower(c.name)`, sortable: true, filter: 'text', notNull: true },
  taxId: { expression: sql`upper(c.tax_id)`, sortable: true, filter: 'text', notNull: true },
  vatNumber: { expression: sql`c.vat_number`, sortable: true, filter: 'text' },
  email: { expression: sql`lower(c.email)`, sortable: true, filter: 'text' },
  active: { expression: sql`c.active`, sortable: true, filter: 'boolean', notNull: true },
  createdAt: { expression: sql`c.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`c.deleted_at`, sortable: true, filter: 'dateRange' },
};

/** Companies of one domain (or every domain for null), live or deleted, with who deleted them. */
/** Only the companies of a plain administrator's scope. */
export function whereCompanyIn(scope: readonly string[]) {
  return sql<boolean>`c.id = ANY(${scope.map(String)}::bigint[])`;
}

export function selectCompanies(db: Db, domain: TDomainFilter, deleted: boolean) {
  return db
    .selectFrom('companies as c')
    .select([
      'c.id',
      'c.domain_id as domainId',
      'c.name',
      'c.tax_id as taxId',
      'c.vat_number as vatNumber',
      'c.email',
      'c.cc_emails as ccEmails',
      'c.active',
      'c.sms_ucs2_allowed as smsUcs2Allowed',
      'c.created_at as createdAt',
      'c.deleted_at as deletedAt',
      deletedByName(sql.ref('c.deleted_by')),
    ])
    .$if(domain !== null, (query) => query.where('c.domain_id', '=', domain!))
    .where(deleted ? sql<boolean>`c.deleted_at IS NOT NULL` : sql<boolean>`c.deleted_at IS NULL`);
}

export type TCompanyRow = Awaited<ReturnType<ReturnType<typeof selectCompanies>['executeTakeFirstOrThrow']>>;

/**
 * Live users of each company. A page asks for its own rows only: a count in the list query would run
 * for every row an offset skips too.
 */
export function companyUsersCount() {
  return sql<number>`(SELECT count(*)::int FROM user_companies uc
    WHERE uc.company_id = c.id AND ${notDeletedUser(sql.ref('uc.user_id'))})`.as('users');
}

export async function selectCompanyUserCounts(db: Db, companyIds: readonly string[]) {
  if (companyIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('user_companies as uc')
    .select(['uc.company_id as id', sql<number>`count(*)::int`.as('users')])
    .where('uc.company_id', 'in', companyIds)
    .where(notDeletedUser(sql.ref('uc.user_id')))
    .groupBy('uc.company_id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.users]));
}

export function selectCompany(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectCompanies(db, domain, deleted).select(companyUsersCount()).where('c.id', '=', id).executeTakeFirst();
}

/** The domain of a live company. */
export async function selectCompanyDomain(db: Db, companyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('domain_id')
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.domain_id;
}

export async function existsLiveTaxId(db: Db, domainId: string, taxId: string, exceptId?: string) {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('domain_id', '=', domainId)
    .where(sql`upper(tax_id)`, '=', taxId.toUpperCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

type TCompanyValues = {
  name: string;
  taxId: string;
  vatNumber: string | null;
  email: string | null;
  ccEmails: string | null;
  active: boolean;
  smsUcs2Allowed: boolean;
};

export async function insertCompany(db: Db, domainId: string, values: TCompanyValues) {
  const row = await db
    .insertInto('companies')
    .values({
      domain_id: domainId,
      name: values.name,
      tax_id: values.taxId,
      vat_number: values.vatNumber,
      email: values.email,
      cc_emails: values.ccEmails,
      active: values.active,
      sms_ucs2_allowed: values.smsUcs2Allowed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompanyRow(db: Db, domainId: string, id: string, values: TCompanyValues) {
  await db
    .updateTable('companies')
    .set({
      name: values.name,
      tax_id: values.taxId,
      vat_number: values.vatNumber,
      email: values.email,
      cc_emails: values.ccEmails,
      active: values.active,
      sms_ucs2_allowed: values.smsUcs2Allowed,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Live companies of a domain for a picker: by name, narrowed by `search`, at most `limit`. */
export function selectCompanyPicker(
  db: Db,
  domainId: string,
  search: string | undefined,
  limit: number,
  scope: readonly string[] | null = null,
) {
  return db
    .selectFrom('companies as c')
    .select(['c.id', 'c.name as text', 'c.tax_id as description', 'c.active'])
    .where('c.domain_id', '=', domainId)
    .$if(scope !== null, (query) => query.where(whereCompanyIn(scope!)))
    .where('c.deleted_at', 'is', null)
    .$if(Boolean(search), (query) =>
      query.where((eb) =>
        eb.or([eb('c.name', 'ilike', likeContains(search!)), eb('c.tax_id', 'ilike', likeContains(search!))]),
      ),
    )
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** The ids among `ids` that are live companies of the domain. */
export async function selectLiveCompanyIds(db: Db, domainId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('companies')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The domain of each live company among `ids`. */
export async function selectCompanyDomains(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId'])
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
}

/** Live companies of a domain by upper-case tax id. */
export async function selectLiveCompaniesByTaxId(db: Db, domainId: string, taxIds: readonly string[]) {
  if (taxIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('companies')
    .select(['id', sql<string>`upper(tax_id)`.as('taxId')])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where(sql`upper(tax_id)`, 'in', taxIds)
    .execute();
  return new Map(rows.map((row) => [row.taxId, row.id]));
}
