import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { runPagedList, type TListColumns, type TListQuery } from '../../platform/paged-list.ts';
import {
  certificateListColumns,
  certificateStatus,
  streamListPage,
  type TCertificateLeafMaterial,
} from './certificate-common.queries.ts';

export const CERTIFICATE_NAME_INDEX = 'certificates_name_live';

/** Columns the certificates list may sort and filter by (anything else answers ERR_VALIDATION). */
export const CERTIFICATE_COLUMNS: TListColumns = {
  ...certificateListColumns('c'),
  alias: { expression: sql`c.alias`, sortable: true, filter: 'text' },
};

const LIST_OPTIONS = { defaultSort: 'name', tieBreaker: sql`c.id` };

/** A certificate as lists and details show it: never its private key. */
function rowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('certificates as c')
    .leftJoin('users as du', 'du.id', 'c.deleted_by')
    .select([
      'c.id',
      'c.domain_id',
      'c.name',
      'c.alias',
      'c.active',
      'c.subject',
      'c.subject_cn',
      'c.issuer',
      'c.issuer_cn',
      'c.serial_number',
      'c.valid_from',
      'c.valid_to',
      'c.key_usage',
      'c.extended_key_usage',
      'c.key_algorithm',
      'c.fingerprint_sha256',
      'c.created_at',
      'c.updated_at',
      'c.deleted_at',
      'du.name as deleted_by_name',
      certificateStatus(sql`c.valid_to`).as('status'),
    ]);
}

function listBase(db: Kysely<Database>, domainId: string, deleted: boolean) {
  return rowQuery(db)
    .where('c.domain_id', '=', domainId)
    .where('c.deleted_at', deleted ? 'is not' : 'is', null);
}

export type TCertificateRow = Awaited<ReturnType<ReturnType<typeof listBase>['executeTakeFirstOrThrow']>>;

/** One page of a domain's live (or deleted) certificates. */
export function selectCertificatePage(db: Kysely<Database>, domainId: string, deleted: boolean, query: TListQuery) {
  return runPagedList(listBase(db, domainId, deleted), query, CERTIFICATE_COLUMNS, LIST_OPTIONS);
}

/** The rows of an export, streamed through a cursor. */
export function streamCertificates(
  db: Kysely<Database>,
  domainId: string,
  deleted: boolean,
  query: TListQuery,
): AsyncIterable<TCertificateRow> {
  return streamListPage(listBase(db, domainId, deleted), query, CERTIFICATE_COLUMNS, LIST_OPTIONS);
}

/** One certificate in any state, with its chain (never its private key). */
export function selectCertificate(db: Kysely<Database>, id: number) {
  return rowQuery(db).select('c.chain_pem').where('c.id', '=', String(id)).executeTakeFirst();
}

/** What is stored of an uploaded certificate file. */
export type TCertificateMaterial = TCertificateLeafMaterial & {
  chain_pem: string;
  private_key_sealed: Buffer;
  private_key_key_id: string;
};

export async function insertCertificate(
  db: Kysely<Database>,
  values: { domainId: string; name: string; alias: string | null; active: boolean; createdBy: string },
  material: TCertificateMaterial,
): Promise<number> {
  const row = await db
    .insertInto('certificates')
    .values({
      domain_id: values.domainId,
      name: values.name,
      alias: values.alias,
      active: values.active,
      created_by: values.createdBy,
      ...material,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a live certificate; the file's fields only when a new file came. */
export async function updateCertificateRow(
  db: Kysely<Database>,
  id: number,
  domainId: string,
  values: { name: string; alias: string | null; active: boolean },
  material: TCertificateMaterial | null,
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ ...values, ...material, updated_at: sql`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Live, active certificates of a domain valid right now, for a picker. */
export function selectUsableCertificates(db: Kysely<Database>, domainId: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'name', 'subject_cn', 'valid_to'])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .where('valid_from', '<=', sql<Date>`now()`)
    .where('valid_to', '>', sql<Date>`now()`)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** The sealed private key of a live certificate, for the services that sign with it. */
export function selectSealedPrivateKey(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('certificates')
    .select(['domain_id', 'fingerprint_sha256', 'chain_pem', 'private_key_sealed', 'private_key_key_id'])
    .where('id', '=', String(id))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
