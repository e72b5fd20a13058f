import { type Kysely, sql, type Transaction } from 'kysely';
import type { PostalBatchStatus, PostalLetterStatus } from '../db/postal-schema.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A postal message with what its letter prints: shipping, sender company and the receiver's address. */
export function selectLetterSource(db: Db, guid: string) {
  return db
    .selectFrom('delivery_messages as m')
    .innerJoin('shippings as s', 's.id', 'm.shipping_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('shipping_receivers as r', 'r.id', 'm.receiver_id')
    .select([
      'm.id as messageId',
      'm.guid',
      'm.channel',
      'm.subject as messageSubject',
      'm.body as messageBody',
      's.id as shippingId',
      's.domain_id as domainId',
      's.subject as shippingSubject',
      'c.name as companyName',
      'r.id as receiverId',
      'r.name as receiverName',
      'r.language',
      'r.street_type as streetType',
      'r.street',
      'r.street_num_type as streetNumType',
      'r.street_number as streetNumber',
      'r.address_extra as addressExtra',
      'r.postal_code as postalCode',
      'r.city',
      'r.province',
      'r.country',
    ])
    .where('m.guid', '=', guid)
    .executeTakeFirst();
}
export type TLetterSource = NonNullable<Awaited<ReturnType<typeof selectLetterSource>>>;

export function selectLetterOfMessage(db: Db, messageId: string) {
  return db
    .selectFrom('postal_letters')
    .select(['id', 'reference'])
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export function selectOriginalDocuments(db: Db, shippingId: string) {
  return db
    .selectFrom('shipping_documents')
    .select(['name', 'mime_type as mimeType', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('kind', '=', 'original')
    .orderBy('position')
    .execute();
}

/** Adds a document after the shipping's last one; the caller holds the shipping's row lock. */
export async function insertShippingDocument(
  trx: Trx,
  document: {
    shippingId: string;
    kind: 'letter' | 'courier_proof';
    receiverId: string;
    name: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string;
  },
): Promise<string> {
  const { last } = await trx
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`0`).as('last'))
    .where('shipping_id', '=', document.shippingId)
    .executeTakeFirstOrThrow();
  const { id } = await trx
    .insertInto('shipping_documents')
    .values({
      shipping_id: document.shippingId,
      position: Number(last) + 1,
      kind: document.kind,
      receiver_id: document.receiverId,
      name: document.name,
      mime_type: document.mimeType,
      size_bytes: document.sizeBytes,
      sha256: document.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertLetter(
  trx: Trx,
  letter: {
    domainId: string;
    shippingId: string;
    receiverId: string;
    messageId: string;
    reference: string;
    documentId: string;
  },
): Promise<string> {
  const { id } = await trx
    .insertInto('postal_letters')
    .values({
      domain_id: letter.domainId,
      shipping_id: letter.shippingId,
      receiver_id: letter.receiverId,
      message_id: letter.messageId,
      reference: letter.reference,
      document_id: letter.documentId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function lettersQuery(db: Db) {
  return db
    .selectFrom('postal_letters as l')
    .innerJoin('shippings as s', 's.id', 'l.shipping_id')
    .innerJoin('shipping_receivers as r', 'r.id', 'l.receiver_id')
    .innerJoin('shipping_documents as d', 'd.id', 'l.document_id')
    .select([
      'l.id',
      'l.reference',
      'l.status',
      'l.batch_id as batchId',
      'l.shipping_id as shippingId',
      's.guid as shippingGuid',
      's.subject',
      's.state as shippingState',
      'r.name as receiverName',
      'r.postal_code as postalCode',
      'r.city',
      'r.country',
      'l.courier_ref as courierRef',
      sql<string | null>`l.result_date::text`.as('resultDate'),
      'l.created_at as createdAt',
      'd.sha256',
    ]);
}

export function selectLetters(
  db: Db,
  filter: { domainId: string; status?: PostalLetterStatus; batchId?: string; limit: number },
) {
  return lettersQuery(db)
    .where('l.domain_id', '=', filter.domainId)
    .$if(filter.status !== undefined, (query) => query.where('l.status', '=', filter.status!))
    .$if(filter.batchId !== undefined, (query) => query.where('l.batch_id', '=', filter.batchId!))
    .orderBy('l.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** The waiting letters of a domain, locked so two batches never take the same letter. */
export function lockWaitingLetters(trx: Trx, domainId: string, limit: number) {
  return trx
    .selectFrom('postal_letters as l')
    .innerJoin('shipping_documents as d', 'd.id', 'l.document_id')
    .select(['l.id', 'd.sha256'])
    .where('l.domain_id', '=', domainId)
    .where('l.status', '=', 'waiting')
    .orderBy('l.id')
    .limit(limit)
    .forUpdate('l')
    .skipLocked()
    .execute();
}

export async function insertBatch(
  trx: Trx,
  batch: { domainId: string; letterCount: number; fileSha256: string; fileSize: number; createdBy: string },
): Promise<string> {
  const { id } = await trx
    .insertInto('postal_batches')
    .values({
      domain_id: batch.domainId,
      letter_count: batch.letterCount,
      file_sha256: batch.fileSha256,
      file_size: batch.fileSize,
      created_by: batch.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateLettersOfBatch(
  trx: Trx,
  batchId: string,
  status: PostalLetterStatus,
  letterIds?: readonly string[],
): Promise<void> {
  await trx
    .updateTable('postal_letters')
    .set({ status, batch_id: batchId })
    .$if(letterIds !== undefined, (query) => query.where('id', 'in', letterIds!))
    .$if(letterIds === undefined, (query) =>
      // Letters with a courier result keep it.
      query.where('batch_id', '=', batchId).where('status', 'not in', ['delivered', 'failed']),
    )
    .execute();
}

function batchesQuery(db: Db) {
  return db
    .selectFrom('postal_batches as b')
    .innerJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.domain_id as domainId',
      'b.status',
      'b.letter_count as letterCount',
      'b.file_sha256 as fileSha256',
      'b.file_size as fileSize',
      'u.name as createdBy',
      'b.created_at as createdAt',
      'b.printed_at as printedAt',
      'b.handed_at as handedAt',
    ]);
}

export function selectBatches(db: Db, domainId: string, limit: number) {
  return batchesQuery(db).where('b.domain_id', '=', domainId).orderBy('b.id', 'desc').limit(limit).execute();
}

export function selectBatch(db: Db, id: string) {
  return batchesQuery(db).where('b.id', '=', id).executeTakeFirst();
}

export function lockBatch(trx: Trx, id: string) {
  return trx
    .selectFrom('postal_batches')
    .select(['id', 'domain_id as domainId', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateBatchStatus(
  trx: Trx,
  id: string,
  status: Exclude<PostalBatchStatus, 'created'>,
  userId: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('postal_batches')
    .set(
      status === 'printed'
        ? { status, printed_by: userId, printed_at: at }
        : { status, handed_by: userId, handed_at: at },
    )
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Letters named by their printed references, with their shipping, locked for the courier's result. */
export async function lockLettersByReference(trx: Trx, references: readonly string[]) {
  if (references.length === 0) return [];
  return trx
    .selectFrom('postal_letters')
    .select([
      'id',
      'reference',
      'domain_id as domainId',
      'shipping_id as shippingId',
      'receiver_id as receiverId',
      'message_id as messageId',
      'status',
    ])
    .where('reference', 'in', references)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function updateLetterResult(
  trx: Trx,
  id: string,
  result: {
    status: 'delivered' | 'failed';
    courierRef: string;
    date: string;
    at: Date;
    userId: string;
    proofDocumentId: string | null;
  },
): Promise<void> {
  await trx
    .updateTable('postal_letters')
    .set({
      status: result.status,
      courier_ref: result.courierRef,
      result_date: result.date,
      result_at: result.at,
      result_by: result.userId,
      proof_document_id: result.proofDocumentId,
    })
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The courier's results of a shipping so far: how many postal access messages have no result yet
 * (no letter rendered, or a letter still travelling) and whether any letter failed.
 */
export async function selectCourierProgress(trx: Trx, shippingId: string) {
  const rows = await trx
    .selectFrom('delivery_messages as m')
    .leftJoin('postal_letters as l', 'l.message_id', 'm.id')
    .select(['m.id', 'l.status'])
    .where('m.shipping_id', '=', shippingId)
    .where('m.transport', '=', 'postal')
    .where('m.purpose', '=', 'access')
    .execute();
  return {
    open: rows.filter((row) => row.status !== 'delivered' && row.status !== 'failed').length,
    failed: rows.some((row) => row.status === 'failed'),
  };
}

export async function updateDeliveryOfReceiver(
  trx: Trx,
  letter: { receiverId: string; messageId: string },
  status: 'delivered' | 'failed',
  at: Date,
): Promise<void> {
  await trx
    .updateTable('shipping_receivers')
    .set({ status, status_at: at })
    .where('id', '=', letter.receiverId)
    .execute();
  await trx
    .updateTable('delivery_messages')
    .set({ status, status_at: at })
    .where('id', '=', letter.messageId)
    .execute();
}
