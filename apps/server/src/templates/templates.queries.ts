import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TDomainFilter } from '../platform/admin-access.ts';
import type { TListColumns } from '../platform/paged-list.ts';
import { deletedByName } from '../platform/soft-delete.queries.ts';

type Db = Kysely<Database>;

export const TEMPLATE_COLUMNS: TListColumns = {
  name: { expression: sql`lower(t.name)`, sortable: true, filter: 'text', notNull: true },
  contentType: { expression: sql`t.content_type`, sortable: true, filter: 'exact', notNull: true },
  active: { expression: sql`t.active`, sortable: true, filter: 'boolean', notNull: true },
  updatedAt: { expression: sql`t.updated_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`t.deleted_at`, sortable: true, filter: 'dateRange' },
};

/** Templates of one domain (or every domain for null), live or deleted, with who deleted them. */
export function selectTemplates(db: Db, domain: TDomainFilter, deleted: boolean, contentType?: string) {
  return db
    .selectFrom('templates as t')
    .leftJoin('companies as c', 'c.id', 't.company_id')
    .leftJoin('users as holder', (join) =>
      join.onRef('holder.id', '=', 't.locked_by').on('t.locked_until', '>', sql<Date>`now()`),
    )
    .select([
      't.id',
      't.domain_id as domainId',
      't.company_id as companyId',
      'c.name as companyName',
      't.name',
      't.content_type as contentType',
      't.kind',
      't.language',
      't.active',
      't.updated_at as updatedAt',
      't.deleted_at as deletedAt',
      deletedByName(sql.ref('t.deleted_by')),
      'holder.id as lockedById',
      'holder.name as lockedBy',
      sql<Date | null>`CASE WHEN holder.id IS NULL THEN NULL ELSE t.locked_until END`.as('lockedUntil'),
    ])
    .$if(domain !== null, (query) => query.where('t.domain_id', '=', domain!))
    .$if(contentType !== undefined, (query) => query.where('t.content_type', '=', contentType!))
    .where(deleted ? sql<boolean>`t.deleted_at IS NOT NULL` : sql<boolean>`t.deleted_at IS NULL`);
}

export type TTemplateDbRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;

export function selectTemplate(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectTemplates(db, domain, deleted).where('t.id', '=', id).executeTakeFirst();
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

/**
 * Live, active templates of a content type a sender may write with: the domain's shared ones and,
 * for `companyIds` (null: every company), the companies' own. The same rule creation applies.
 */
export function selectSendingTemplates(
  db: Db,
  domainId: string,
  companyIds: string[] | null,
  contentType: string,
  language?: string,
) {
  return (
    db
      .selectFrom('templates')
      .select(['id', 'name', 'subject', 'language'])
      .where('domain_id', '=', domainId)
      .where('content_type', '=', contentType)
      .$if(language !== undefined, (query) => query.where('language', '=', language!))
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      // Communication templates, and the advanced ones the domain chose (its TEMPLATES tab); the
      // certified kinds are the dispatch's own.
      .where((eb) =>
        eb.or([
          eb('kind', '=', 'COMMUNICATION'),
          eb.and([
            eb('kind', '=', 'ADVANCED_COMMUNICATION'),
            eb.exists(
              eb
                .selectFrom('domain_adv_templates as link')
                .select('link.template_id')
                .whereRef('link.template_id', '=', 'templates.id')
                .whereRef('link.domain_id', '=', 'templates.domain_id'),
            ),
          ]),
        ]),
      )
      .$if(companyIds !== null, (query) =>
        query.where((eb) =>
          companyIds!.length === 0
            ? eb('company_id', 'is', null)
            : eb.or([eb('company_id', 'is', null), eb('company_id', 'in', companyIds!)]),
        ),
      )
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute()
  );
}

/** A live company with its domain. */
export function selectLiveCompany(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId'])
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live, active shipping type the company may send with, as the template combo needs it. */
export function selectTypeForTemplates(db: Db, domainId: string, companyIds: string[] | null, typeId: string) {
  return db
    .selectFrom('shipping_types')
    .select(['id', 'service_kind as serviceKind', 'channels'])
    .where('id', '=', typeId)
    .where('domain_id', '=', domainId)
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .$if(companyIds !== null, (query) =>
      query.where((eb) =>
        companyIds!.length === 0
          ? eb('company_id', 'is', null)
          : eb.or([eb('company_id', 'is', null), eb('company_id', 'in', companyIds!)]),
      ),
    )
    .executeTakeFirst();
}

/** A type's default templates of a content type, live and of the language they are the default for. */
export function selectTypeDefaultTemplateIds(db: Db, typeId: string, contentType: string) {
  return db
    .selectFrom('shipping_type_default_templates as d')
    .innerJoin('templates as tpl', 'tpl.id', 'd.template_id')
    .select(['d.language', 'd.template_id as templateId'])
    .where('d.type_id', '=', typeId)
    .where('d.content_type', '=', contentType)
    .where('tpl.deleted_at', 'is', null)
    .whereRef('tpl.language', '=', 'd.language')
    .execute();
}
