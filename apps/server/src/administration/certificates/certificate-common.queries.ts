import {
  CERTIFICATE_EXPIRING_SOON_DAYS,
  type TCertificateStatus,
} from '@sello/contracts/catalogue/administration-common';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/api-error.ts';
import type { TListColumns, TListQuery } from '../../platform/paged-list.ts';

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
