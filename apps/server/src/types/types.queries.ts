import { type Kysely, sql } from 'kysely';
import { deletedByName } from '../administration/admin.queries.ts';
import type { TDomainFilter } from '../administration/admin-access.ts';
import type { Database } from '../db/schema.ts';
import type { TListColumns } from '../platform/paged-list.ts';

type Db = Kysely<Database>;

export const TYPE_COLUMNS: TListColumns = {
  name: { expression: sql`lower(t.name)`, sortable: true, filter: 'text', notNull: true },
  service: { expression: sql`t.service_kind`, sortable: true, filter: 'exact', notNull: true },
  active: { expression: sql`t.active`, sortable: true, filter: 'boolean', notNull: true },
  createdAt: { expression: sql`t.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`t.deleted_at`, sortable: true, filter: 'dateRange' },
};

/** Types of one domain (or every domain for null), live or deleted, with who deleted them. */
export function selectTypes(db: Db, domain: TDomainFilter, deleted: boolean) {
  return db
    .selectFrom('shipping_types as t')
    .leftJoin('companies as c', 'c.id', 't.company_id')
    .select([
      't.id',
      't.domain_id as domainId',
      't.company_id as companyId',
      'c.name as companyName',
      't.name',
      't.description',
      't.service_kind as service',
      't.active',
      't.created_at as createdAt',
      't.deleted_at as deletedAt',
      deletedByName(sql.ref('t.deleted_by')),
    ])
    .$if(domain !== null, (query) => query.where('t.domain_id', '=', domain!))
    .where(deleted ? sql<boolean>`t.deleted_at IS NOT NULL` : sql<boolean>`t.deleted_at IS NULL`);
}

export type TTypeDbRow = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;

export function selectType(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectTypes(db, domain, deleted).where('t.id', '=', id).executeTakeFirst();
}

/** Whether a live type of the domain is named `name` (ignoring case), other than `exceptId`. */
export async function existsLiveTypeName(db: Db, domainId: string, name: string, exceptId?: string) {
  const row = await db
    .selectFrom('shipping_types')
    .select('id')
    .where('domain_id', '=', domainId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** The domain of a live company. */
export async function selectLiveCompanyDomain(db: Db, companyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('domain_id')
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.domain_id;
}
