import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type TCertificateCode = { code: string; shippingId: string; sha256: string; eventCount: number; issuedAt: Date };

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
  'code',
  'shipping_id as shippingId',
  'sha256',
  'event_count as eventCount',
  'issued_at as issuedAt',
] as const;

export function selectCertificateByCode(db: Db, code: string): Promise<TCertificateCode | undefined> {
  return db.selectFrom('certificate_codes').select(COLUMNS).where('code', '=', code).executeTakeFirst();
}

export function selectCertificateBySha256(db: Db, sha256: string): Promise<TCertificateCode | undefined> {
  return db.selectFrom('certificate_codes').select(COLUMNS).where('sha256', '=', sha256).executeTakeFirst();
}
