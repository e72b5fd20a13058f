import {
  CERTIFICATE_EXPIRING_SOON_DAYS,
  type TCertificateStatus,
} from '@sello/contracts/catalogue/administration-common';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/api-error.ts';
import { applyFilters, parseFilters, type TListColumns, type TListQuery } from '../../platform/paged-list.ts';

/** The badge of a certificate, computed by the database at read time so lists, filters and sorting agree. */
export function certificateStatus(validTo: Expression<Date>): RawBuilder<TCertificateStatus> {
  return sql<TCertificateStatus>`CASE WHEN ${validTo} <= now() THEN 'expired' WHEN ${validTo} <= now() + ${sql.lit(
    CERTIFICATE_EXPIRING_SOON_DAYS,
  )} * interval '1 day' THEN 'expiringSoon' ELSE 'valid' END`;
}

/**
 * The rows of a list in the order of its sortable column (then `tieBreaker`), from `first`, at most
 * `pageSize`: what an export streams. Sorting follows platform/paged-list.ts runPagedList.
 */
export function orderListPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: TListQuery,
  columns: TListColumns,
  options: { defaultSort: string; tieBreaker: Expression<unknown> },
): SelectQueryBuilder<DB, TB, O> {
  const sortField = list.sortField && columns[list.sortField]?.sortable ? list.sortField : options.defaultSort;
  if (list.sortField && sortField !== list.sortField) {
    throw new ApiError(400, 'ERR_VALIDATION', { sortField: 'ERR_FIELD_INVALID' });
  }
  const direction = list.sortOrder === -1 ? sql`DESC` : sql`ASC`;
  return query
    .orderBy(sql`${columns[sortField]!.expression} ${direction} NULLS LAST`)
    .orderBy(sql`${options.tieBreaker} ${direction}`)
    .offset(list.first)
    .limit(list.pageSize);
}

/** The two kinds' tables: signing certificates and the identity providers' (SAML) certificates. */
export type TCertificateTable = 'certificates' | 'saml_certificates';

/**
 * The columns both kinds list, sort and filter by, on the alias their list query gives the table
 * (each kind adds its own: the alias of a signing certificate, the entity id of a SAML one).
 */
export function certificateListColumns(alias: 'c' | 's'): TListColumns {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    name: { expression: column('name'), sortable: true, filter: 'text' },
    subject: { expression: column('subject'), sortable: true, filter: 'text' },
    commonName: { expression: column('subject_cn'), sortable: true, filter: 'text' },
    issuer: { expression: column('issuer'), sortable: true, filter: 'text' },
    serialNumber: { expression: column('serial_number'), sortable: true, filter: 'text' },
    fingerprintSha256: { expression: column('fingerprint_sha256'), filter: 'text' },
    validFrom: { expression: column('valid_from'), sortable: true, filter: 'dateRange' },
    validTo: { expression: column('valid_to'), sortable: true, filter: 'dateRange' },
    status: { expression: certificateStatus(sql.raw<Date>(`${alias}.valid_to`)), sortable: true, filter: 'exact' },
    active: { expression: column('active'), sortable: true, filter: 'boolean' },
    createdAt: { expression: column('created_at'), sortable: true, filter: 'dateRange' },
    deletedAt: { expression: column('deleted_at'), sortable: true, filter: 'dateRange' },
  };
}

/** The rows of an export: the list's filters, order and page, streamed through a cursor. */
export function streamListPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  list: TListQuery,
  columns: TListColumns,
  options: { defaultSort: string; tieBreaker: Expression<unknown> },
): AsyncIterable<O> {
  const filtered = applyFilters(base, parseFilters(list.filters, columns), columns);
  return orderListPage(filtered, list, columns, options).stream(500);
}

/** Soft-deletes a live certificate of the domain; false when there is none. */
export async function markCertificateDeleted(
  db: Kysely<Database>,
  table: TCertificateTable,
  id: number,
  domainId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ deleted_at: sql`now()`, deleted_by: userId, updated_at: sql`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Clears the deletion; fails on the live-name unique index when the name was reused meanwhile. */
export async function markCertificateRecovered(
  db: Kysely<Database>,
  table: TCertificateTable,
  id: number,
  domainId: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ deleted_at: null, deleted_by: null, updated_at: sql`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the domain exists and is not deleted (a super admin may name any domain id). */
export async function isLiveDomain(db: Kysely<Database>, domainId: string): Promise<boolean> {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns both kinds store from the leaf certificate of an upload. */
export type TCertificateLeafMaterial = {
  subject: string;
  subject_cn: string | null;
  issuer: string;
  issuer_cn: string | null;
  serial_number: string;
  valid_from: Date;
  valid_to: Date;
  key_usage: string[];
  extended_key_usage: string[];
  key_algorithm: string;
  fingerprint_sha256: string;
};
