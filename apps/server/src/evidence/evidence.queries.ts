import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TChainEvent } from '../shippings/event-chain.ts';
import { selectShippingRows } from '../shippings/shipping-list.queries.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A shipping's event rows in the form the chain hashes, in order. */
export async function selectChain(db: Db, shippingId: string): Promise<(TChainEvent & { hash: string })[]> {
  const rows = await db
    .selectFrom('shipping_events')
    .selectAll()
    .where('shipping_id', '=', shippingId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    shippingId: row.shipping_id,
    seq: row.seq,
    at: row.at.toISOString(),
    actor: row.actor_kind === 'system' ? 'system' : `user:${row.actor_user_id}`,
    action: row.action,
    from:
      row.from_state === null
        ? null
        : { state: row.from_state, result: row.from_result, deleted: row.from_deleted === true },
    to: { state: row.to_state, result: row.to_result, deleted: row.to_deleted },
    reason: row.reason,
    details: row.details as TChainEvent['details'],
    prevHash: row.prev_hash,
    hash: row.hash,
  }));
}

export function selectChainHead(db: Db, shippingId: string) {
  return db
    .selectFrom('shippings')
    .select(['event_count as eventCount', 'last_event_hash as lastEventHash'])
    .where('id', '=', shippingId)
    .executeTakeFirstOrThrow();
}

/** What the certificate states about a shipping besides its events and documents. */
export function selectCertificateFacts(db: Db, shippingId: string) {
  return selectShippingRows(db)
    .select(['u.username as senderUsername', 'u.language', 'c.tax_id as companyTaxId', 's.form_values as formValues'])
    .select(['s.situation_reason as situationReason', 's.situation_code as situationCode'])
    .where('s.id', '=', shippingId)
    .executeTakeFirstOrThrow();
}

export function selectCertificateReceivers(db: Db, shippingId: string) {
  return db
    .selectFrom('shipping_receivers')
    .select(['id', 'position', 'name', 'document_type as documentType', 'document_number as documentNumber'])
    .select(['email', 'mobile', 'status', 'status_at as statusAt'])
    .select([
      'street_type as streetType',
      'street',
      'street_num_type as streetNumType',
      'street_number as streetNumber',
    ])
    .select(['address_extra as addressExtra', 'postal_code as postalCode', 'city', 'province', 'country'])
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
}

/** The postal letters of a shipping, in the order they were made: what the courier was given and answered. */
export function selectCertificateLetters(db: Db, shippingId: string) {
  return db
    .selectFrom('postal_letters')
    .select([
      'receiver_id as receiverId',
      'reference',
      'status',
      'courier_ref as courierRef',
      // As text (YYYY-MM-DD): the driver would turn a date into a local-midnight Date object.
      sql<string | null>`result_date::text`.as('resultDate'),
    ])
    .where('shipping_id', '=', shippingId)
    .orderBy('id')
    .execute();
}

/** Every stored file of the shippings, with what the blob store must hold for it. */
export function selectStoredDocuments(db: Db, shippingIds: readonly string[]) {
  return db
    .selectFrom('shipping_documents')
    .select(['id', 'shipping_id as shippingId', 'position', 'kind', 'name', 'mime_type as mimeType'])
    .select(['size_bytes as sizeBytes', 'category', 'sha256'])
    .where('shipping_id', 'in', shippingIds)
    .orderBy('shipping_id')
    .orderBy('position')
    .execute();
}
export type TStoredDocument = Awaited<ReturnType<typeof selectStoredDocuments>>[number];

/** The SHA-256 of a shipping's certificate document, if it has one. */
export async function selectCertificateSha256(trx: Trx, shippingId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('shipping_documents')
    .select('sha256')
    .where('shipping_id', '=', shippingId)
    .where('kind', '=', 'certificate')
    .executeTakeFirst();
  return row?.sha256;
}

export async function nextDocumentPosition(trx: Trx, shippingId: string): Promise<number> {
  const row = await trx
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('shipping_id', '=', shippingId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** The kinds of file the shippings have, among those given. */
export async function selectDocumentKinds(db: Db, shippingIds: readonly string[]): Promise<string[]> {
  if (shippingIds.length === 0) return [];
  const rows = await db
    .selectFrom('shipping_documents')
    .select('kind')
    .distinct()
    .where('shipping_id', 'in', shippingIds)
    .execute();
  return rows.map((row) => row.kind);
}

/** What a PIN signature stamps on the documents: the shipping's signature text and font (else its type's font). */
export function selectSignatureSettings(db: Db, shippingId: string) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .select(['s.pin_signature_text as pinSignatureText', 's.reference', 'u.language'])
    .select(sql<string>`coalesce(s.font, t.font)`.as('font'))
    .where('s.id', '=', shippingId)
    .executeTakeFirstOrThrow();
}

/** The users who acted on a chain, with their names and roles, so the certificate names them. */
export async function selectEventActors(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'roles']).where('id', 'in', userIds).execute();
}
