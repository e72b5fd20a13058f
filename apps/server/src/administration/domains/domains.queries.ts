import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TDomainFilter } from '../../platform/admin-access.ts';
import type { TListColumns } from '../../platform/paged-list.ts';
import { deletedByName } from '../../platform/soft-delete.queries.ts';
import { liveCountOf } from '../admin.queries.ts';

type Db = Kysely<Database>;

export const DOMAIN_UNIQUE_FIELDS = { domains_code_live: 'code', domains_name_live: 'name' };

export const DOMAIN_COLUMNS: TListColumns = {
  code: { expression: sql`lower(d.code)`, sortable: true, filter: 'text', notNull: true },
  name: { expression: sql`lower(d.name)`, sortable: true, filter: 'text', notNull: true },
  description: { expression: sql`lower(d.description)`, sortable: true, filter: 'text' },
  domainType: { expression: sql`d.domain_type`, sortable: true, filter: 'exact', notNull: true },
  active: { expression: sql`d.active`, sortable: true, filter: 'boolean', notNull: true },
  twoFactorCoolDownHours: {
    expression: sql`d.two_factor_cool_down_hours`,
    sortable: true,
    filter: 'exact',
    notNull: true,
  },
  createdAt: { expression: sql`d.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`d.deleted_at`, sortable: true, filter: 'dateRange' },
};

/**
 * Domains (every one for null, else only `domain`), live or deleted, with their live companies and users
 * (kept counts: a domain of 100,000 users is not counted on every page).
 */
export function selectDomains(db: Db, domain: TDomainFilter, deleted: boolean) {
  return db
    .selectFrom('domains as d')
    .select([
      'd.id',
      'd.code',
      'd.name',
      'd.description',
      'd.domain_type as domainType',
      'd.active',
      'd.two_factor_cool_down_hours as twoFactorCoolDownHours',
      'd.two_factor_required as twoFactorRequired',
      'd.password_max_age_days as passwordMaxAgeDays',
      'd.created_at as createdAt',
      'd.deleted_at as deletedAt',
      deletedByName(sql.ref('d.deleted_by')),
      liveCountOf(sql.ref('d.id'), 'companies').as('companies'),
      liveCountOf(sql.ref('d.id'), 'users').as('users'),
    ])
    .$if(domain !== null, (query) => query.where('d.id', '=', domain!))
    .where(deleted ? sql<boolean>`d.deleted_at IS NOT NULL` : sql<boolean>`d.deleted_at IS NULL`);
}

export type TDomainRowDb = Awaited<ReturnType<ReturnType<typeof selectDomains>['executeTakeFirstOrThrow']>>;

export function selectDomain(db: Db, domain: TDomainFilter, id: string, deleted = false) {
  return selectDomains(db, domain, deleted)
    .select('d.custom_logo as customLogo')
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Whether a live domain other than `exceptId` has this code or name (case-insensitive). */
export async function existsLiveDomain(db: Db, column: 'code' | 'name', value: string, exceptId?: string) {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where(sql`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export type TDomainValues = {
  code: string;
  name: string;
  description: string | null;
  domainType: string;
  active: boolean;
  twoFactorCoolDownHours: number;
  twoFactorRequired: 'off' | 'admins' | 'all';
  passwordMaxAgeDays: number | null;
  /** undefined keeps the logo. */
  customLogo?: string | null;
};

export async function insertDomain(db: Db, values: TDomainValues) {
  const row = await db
    .insertInto('domains')
    .values({
      code: values.code,
      name: values.name,
      description: values.description,
      domain_type: values.domainType,
      active: values.active,
      two_factor_cool_down_hours: values.twoFactorCoolDownHours,
      two_factor_required: values.twoFactorRequired,
      password_max_age_days: values.passwordMaxAgeDays,
      custom_logo: values.customLogo ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDomainRow(db: Db, id: string, values: TDomainValues) {
  await db
    .updateTable('domains')
    .set({
      code: values.code,
      name: values.name,
      description: values.description,
      domain_type: values.domainType,
      active: values.active,
      two_factor_cool_down_hours: values.twoFactorCoolDownHours,
      two_factor_required: values.twoFactorRequired,
      password_max_age_days: values.passwordMaxAgeDays,
      updated_at: sql`now()`,
      ...(values.customLogo !== undefined && { custom_logo: values.customLogo }),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteDomain(db: Db, id: string, deletedBy: string) {
  await db
    .updateTable('domains')
    .set({ deleted_at: sql`now()`, deleted_by: deletedBy, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function recoverDomainRow(db: Db, id: string) {
  await db
    .updateTable('domains')
    .set({ deleted_at: null, deleted_by: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .execute();
}

export function selectDomainPicker(db: Db, domain: TDomainFilter) {
  return db
    .selectFrom('domains as d')
    .select(['d.id', 'd.name as text', 'd.code as description', 'd.active'])
    .$if(domain !== null, (query) => query.where('d.id', '=', domain!))
    .where('d.deleted_at', 'is', null)
    .orderBy(sql`lower(d.name)`)
    .orderBy('d.id')
    .execute();
}

/** Both sides of the document-type picker of a domain: chosen types in order, then the others by name. */
export async function selectDocumentTypesDual(db: Db, domainId: string) {
  const selected = await db
    .selectFrom('domain_document_types as link')
    .innerJoin('shipping_types as t', 't.id', 'link.type_id')
    .select(['t.id', 't.name as text', 't.description', 't.active'])
    .where('link.domain_id', '=', domainId)
    .where('t.deleted_at', 'is', null)
    .orderBy('link.position')
    .execute();
  const available = await db
    .selectFrom('shipping_types as t')
    .select(['t.id', 't.name as text', 't.description', 't.active'])
    .where('t.domain_id', '=', domainId)
    .where('t.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('domain_document_types as link')
            .select('link.type_id')
            .whereRef('link.type_id', '=', 't.id')
            .where('link.domain_id', '=', domainId),
        ),
      ),
    )
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  return { selected, available };
}

/** Both sides of the advanced communication template picker of a domain. */
export async function selectAdvTemplatesDual(db: Db, domainId: string, kind: string) {
  const selected = await db
    .selectFrom('domain_adv_templates as link')
    .innerJoin('templates as t', 't.id', 'link.template_id')
    .select(['t.id', 't.name as text', sql<string | null>`t.content_type`.as('description'), 't.active'])
    .where('link.domain_id', '=', domainId)
    .where('t.kind', '=', kind)
    .where('t.deleted_at', 'is', null)
    .orderBy('link.position')
    .execute();
  const available = await db
    .selectFrom('templates as t')
    .select(['t.id', 't.name as text', sql<string | null>`t.content_type`.as('description'), 't.active'])
    .where('t.domain_id', '=', domainId)
    .where('t.kind', '=', kind)
    .where('t.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('domain_adv_templates as link')
            .select('link.template_id')
            .whereRef('link.template_id', '=', 't.id')
            .where('link.domain_id', '=', domainId),
        ),
      ),
    )
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  return { selected, available };
}

/** The ids among `ids` that are live document types of the domain. */
export async function selectLiveTypeIds(db: Db, domainId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('shipping_types')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` that are live templates of the domain of the given kind. */
export async function selectLiveTemplateIds(db: Db, domainId: string, kind: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('templates')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids.map(String))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Sets the live document types a domain offers, in order; links to deleted types stay for a recovery. */
export async function replaceDocumentTypes(db: Db, domainId: string, typeIds: readonly number[]) {
  await db
    .deleteFrom('domain_document_types')
    .where('domain_id', '=', domainId)
    .where('type_id', 'in', (eb) => eb.selectFrom('shipping_types').select('id').where('deleted_at', 'is', null))
    .execute();
  if (typeIds.length === 0) return;
  await db
    .insertInto('domain_document_types')
    .values(typeIds.map((typeId, position) => ({ domain_id: domainId, type_id: String(typeId), position })))
    .execute();
}

/** Sets the live templates of one kind a domain chose, in order; links to deleted templates stay. */
export async function replaceAdvTemplates(db: Db, domainId: string, kind: string, templateIds: readonly number[]) {
  await db
    .deleteFrom('domain_adv_templates')
    .where('domain_id', '=', domainId)
    .where('template_id', 'in', (eb) =>
      eb.selectFrom('templates').select('id').where('deleted_at', 'is', null).where('kind', '=', kind),
    )
    .execute();
  if (templateIds.length === 0) return;
  await db
    .insertInto('domain_adv_templates')
    .values(
      templateIds.map((templateId, position) => ({ domain_id: domainId, template_id: String(templateId), position })),
    )
    .execute();
}
