import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { runPagedList, type TListColumns, type TListQuery } from '../../platform/paged-list.ts';
import {
  certificateListColumns,
  certificateStatus,
  streamListPage,
  type TCertificateLeafMaterial,
} from '../certificates/certificate-common.queries.ts';

export const SAML_CERTIFICATE_NAME_INDEX = 'saml_certificates_name_live';

/** Columns the SAML certificates list may sort and filter by (anything else answers ERR_VALIDATION). */
export const SAML_CERTIFICATE_COLUMNS: TListColumns = {
  ...certificateListColumns('s'),
  entityId: { expression: sql`s.entity_id`, sortable: true, filter: 'text' },
};

const LIST_OPTIONS = { defaultSort: 'name', tieBreaker: sql`s.id` };

/** A SAML certificate as lists and details show it. */
function rowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('saml_certificates as s')
    .leftJoin('users as du', 'du.id', 's.deleted_by')
    .select([
      's.id',
      's.domain_id',
      's.name',
      's.entity_id',
      's.active',
      's.subject',
      's.subject_cn',
      's.issuer',
      's.issuer_cn',
      's.serial_number',
      's.valid_from',
      's.valid_to',
      's.key_usage',
      's.extended_key_usage',
      's.key_algorithm',
      's.fingerprint_sha256',
      's.created_at',
      's.updated_at',
      's.deleted_at',
      'du.name as deleted_by_name',
      certificateStatus(sql`s.valid_to`).as('status'),
    ]);
}

function listBase(db: Kysely<Database>, domainId: string, deleted: boolean) {
  return rowQuery(db)
    .where('s.domain_id', '=', domainId)
    .where('s.deleted_at', deleted ? 'is not' : 'is', null);
}

export type TSamlCertificateRow = Awaited<ReturnType<ReturnType<typeof listBase>['executeTakeFirstOrThrow']>>;

export function selectSamlCertificatePage(db: Kysely<Database>, domainId: string, deleted: boolean, query: TListQuery) {
  return runPagedList(listBase(db, domainId, deleted), query, SAML_CERTIFICATE_COLUMNS, LIST_OPTIONS);
}

export function streamSamlCertificates(
  db: Kysely<Database>,
  domainId: string,
  deleted: boolean,
  query: TListQuery,
): AsyncIterable<TSamlCertificateRow> {
  return streamListPage(listBase(db, domainId, deleted), query, SAML_CERTIFICATE_COLUMNS, LIST_OPTIONS);
}

export function selectSamlCertificate(db: Kysely<Database>, id: number) {
  return rowQuery(db).select('s.certificate_pem').where('s.id', '=', String(id)).executeTakeFirst();
}

/** What is stored of an uploaded IdP certificate. */
export type TSamlCertificateMaterial = TCertificateLeafMaterial & {
  certificate_pem: string;
};

export async function insertSamlCertificate(
  db: Kysely<Database>,
  values: { domainId: string; name: string; entityId: string; active: boolean; createdBy: string; rank: number },
  material: TSamlCertificateMaterial,
): Promise<number> {
  const row = await db
    .insertInto('saml_certificates')
    .values({
      domain_id: values.domainId,
      name: values.name,
      entity_id: values.entityId,
      active: values.active,
      created_by: values.createdBy,
      configured_rank: values.rank,
      ...material,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSamlCertificateRow(
  db: Kysely<Database>,
  id: number,
  domainId: string,
  values: { name: string; entity_id: string; active: boolean; configured_rank: number },
  material: TSamlCertificateMaterial | null,
): Promise<boolean> {
  const result = await db
    .updateTable('saml_certificates')
    .set({ ...values, ...material, updated_at: sql`now()` })
    .where('id', '=', String(id))
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Live, active certificates of an identity provider valid right now: what SAML sign-in trusts. */
export function selectTrustedSamlCertificates(db: Kysely<Database>, domainId: string, entityId: string) {
  return db
    .selectFrom('saml_certificates')
    .select(['id', 'certificate_pem', 'fingerprint_sha256'])
    .where('domain_id', '=', domainId)
    .where('entity_id', '=', entityId)
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .where('valid_from', '<=', sql<Date>`now()`)
    .where('valid_to', '>', sql<Date>`now()`)
    .orderBy('valid_to', 'desc')
    .execute();
}
