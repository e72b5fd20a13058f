import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TListColumns } from '../platform/paged-list.ts';
import { deletedByName } from '../platform/soft-delete.queries.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * Which types a caller reaches: a domain (null: every domain, super admins) and, for company users,
 * only the types of their companies (null: every type of the domain, domain-wide ones included).
 */
export type TTypeScope = { domain: string | null; companyIds: readonly string[] | null };

export const TYPE_COLUMNS: TListColumns = {
  name: { expression: sql`lower(t.name)`, sortable: true, filter: 'text', notNull: true },
  description: { expression: sql`lower(t.description)`, sortable: true, filter: 'text' },
  companyName: { expression: sql`lower(c.name)`, sortable: true, filter: 'text' },
  service: { expression: sql`t.service_kind`, sortable: true, filter: 'exact', notNull: true },
  active: { expression: sql`t.active`, sortable: true, filter: 'boolean', notNull: true },
  order: { expression: sql`t.position`, sortable: true, notNull: true },
  createdAt: { expression: sql`t.created_at`, sortable: true, filter: 'dateRange', notNull: true },
  deletedAt: { expression: sql`t.deleted_at`, sortable: true, filter: 'dateRange' },
};

/** Types of a scope, live or deleted, with who deleted them. */
export function selectTypes(db: Db, scope: TTypeScope, deleted: boolean) {
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
      't.channels',
      't.active',
      't.position as order',
      't.created_at as createdAt',
      't.deleted_at as deletedAt',
      deletedByName(sql.ref('t.deleted_by')),
    ])
    .$if(scope.domain !== null, (query) => query.where('t.domain_id', '=', scope.domain!))
    .$if(scope.companyIds !== null, (query) =>
      query.where(
        scope.companyIds!.length === 0
          ? sql<SqlBool>`false`
          : sql<SqlBool>`t.company_id IN (${sql.join(scope.companyIds!)})`,
      ),
    )
    .where(deleted ? sql<boolean>`t.deleted_at IS NOT NULL` : sql<boolean>`t.deleted_at IS NULL`);
}

export type TTypeDbRow = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;

export function selectType(db: Db, scope: TTypeScope, id: string, deleted = false) {
  return selectTypes(db, scope, deleted).where('t.id', '=', id).executeTakeFirst();
}

/** Every setting of one type (the caller's scope already checked). */
export function selectTypeSettings(db: Db, id: string) {
  return db
    .selectFrom('shipping_types')
    .select([
      'custody_days as custodyTime',
      'sign_method as signMethod',
      'placement',
      'pin_signature_text as pinSignatureText',
      'font',
      'multi_signer_order as multiSignerOrder',
      'identification_documents as identificationDocuments',
      'other_documents_limit as otherDocumentsLimit',
      'meta_properties as metaProperties',
      'custom_fields as customFields',
      'form_controls as formControls',
      'requires_auth as requiresAuth',
      'auth_deadline_hours as authDeadlineHours',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether a live type of the same company (or of the whole domain, for null) is named `name`, ignoring case. */
export async function existsLiveTypeName(
  db: Db,
  domainId: string,
  companyId: string | null,
  name: string,
  exceptId?: string,
) {
  const row = await db
    .selectFrom('shipping_types')
    .select('id')
    .where('domain_id', '=', domainId)
    .where(companyId === null ? sql<SqlBool>`company_id IS NULL` : sql<SqlBool>`company_id = ${companyId}`)
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

export type TTypeValues = {
  company_id: string | null;
  name: string;
  description: string | null;
  service_kind: string;
  channels: string[];
  active: boolean;
  custody_days: number | null;
  sign_method: string | null;
  placement: string | null;
  pin_signature_text: string | null;
  font: string;
  multi_signer_order: number;
  identification_documents: string[];
  other_documents_limit: number;
  meta_properties: string;
  custom_fields: string;
  requires_auth: boolean;
  auth_deadline_hours: number;
};

export async function insertType(trx: Trx, domainId: string, values: TTypeValues) {
  const row = await trx
    .insertInto('shipping_types')
    .values({
      domain_id: domainId,
      ...values,
      // New types go last.
      position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM shipping_types WHERE domain_id = ${domainId})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A type's stored values, as the trail compares them with an update (the JSON columns parsed). */
export async function selectTypeValues(trx: Trx, id: string) {
  return trx.selectFrom('shipping_types').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function updateTypeRow(trx: Trx, id: string, values: TTypeValues) {
  await trx
    .updateTable('shipping_types')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function updateTypeForm(db: Db, id: string, controls: unknown[]) {
  await db
    .updateTable('shipping_types')
    .set({ form_controls: JSON.stringify(controls), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Positions 1..n in the given order; the domain's other live types follow, in their previous order. */
export async function updatePositions(trx: Trx, domainId: string, orderedIds: readonly string[]) {
  await sql`
    UPDATE shipping_types AS t SET position = ranked.n
    FROM (
      SELECT id, row_number() OVER (
        ORDER BY coalesce(array_position(${sql.val(orderedIds)}::bigint[], id), 2147483647), position, lower(name), id
      ) AS n
      FROM shipping_types WHERE domain_id = ${domainId} AND deleted_at IS NULL
    ) AS ranked
    WHERE ranked.id = t.id`.execute(trx);
}

/** Live types of the companies (and of the whole domain), in the stored order, for a combo. */
export function selectTypesForCombo(db: Db, domainId: string, companyIds: readonly string[]) {
  return db
    .selectFrom('shipping_types')
    .select(['id', 'name as text', 'description', 'active'])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('company_id', 'is', null), ...(companyIds.length > 0 ? [eb('company_id', 'in', companyIds)] : [])]),
    )
    .orderBy('position')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
