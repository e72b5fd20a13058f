import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type TCertificateCode = { code: string; shippingId: string; sha256: string; eventCount: number; issuedAt: Date };
/** A stored certificate with its shipping's kind, which names its events as the certificate does. */
export type TStoredCertificate = TCertificateCode & { kind: string };

export async function insertCertificateCode(trx: Db, row: TCertificateCode): Promise<void> {
  await trx
    .insertInto('certificate_codes')
    .values({
      code: row.code,
      shipping_id: row.shippingId,
      sha256: row.sha256,
      event_count: row.eventCount,
      issued_at: row.issuedAt,
    })
    .execute();
}

const COLUMNS = [
  'c.code',
  'c.shipping_id as shippingId',
  'c.sha256',
  'c.event_count as eventCount',
  'c.issued_at as issuedAt',
  's.service_kind as kind',
] as const;

export function selectCertificateByCode(db: Db, code: string): Promise<TStoredCertificate | undefined> {
  return db
    .selectFrom('certificate_codes as c')
    .innerJoin('shippings as s', 's.id', 'c.shipping_id')
    .select(COLUMNS)
    .where('c.code', '=', code)
    .executeTakeFirst();
}

/**
 * The certificate issued as this file, or as a version this file extends with archive time-stamps: the
 * document_timestamps rows lead from each renewed file to the one before it (a few steps over twenty years).
 */
export function selectCertificateBySha256(db: Db, sha256: string): Promise<TStoredCertificate | undefined> {
  return db
    .withRecursive('lineage(sha256, depth)', (qb) =>
      qb.selectNoFrom([sql<string>`${sha256}::text`.as('sha256'), sql<number>`0`.as('depth')]).union((next) =>
        next
          .selectFrom('document_timestamps as d')
          .innerJoin('lineage as l', 'l.sha256', 'd.sha256')
          .select([sql<string>`d.previous_sha256`.as('sha256'), sql<number>`l.depth + 1`.as('depth')])
          .where('d.previous_sha256', 'is not', null)
          .where('l.depth', '<', 100),
      ),
    )
    .selectFrom('certificate_codes as c')
    .innerJoin('shippings as s', 's.id', 'c.shipping_id')
    .select(COLUMNS)
    .where('c.sha256', 'in', (qb) => qb.selectFrom('lineage').select('lineage.sha256'))
    .executeTakeFirst();
}
