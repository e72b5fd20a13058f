import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The language a receiver is written to in, as the dispatch chose it: its own, else its sender's. */
const RECEIVER_LANGUAGE = sql<
  string | null
>`coalesce(r.language, (SELECT u.language FROM users u WHERE u.id = s.sender_id))`.as('language');

/** The receiver behind a link and the parts of its shipping its page shows or its answers depend on. */
export function selectPortalReceiver(db: Db, receiverId: string) {
  return db
    .selectFrom('shipping_receivers as r')
    .innerJoin('shippings as s', 's.id', 'r.shipping_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .select([
      'r.id as receiverId',
      'r.position',
      'r.name as receiverName',
      RECEIVER_LANGUAGE,
      'r.email',
      'r.mobile',
      'r.status',
      'r.opened_at as openedAt',
      'r.access_expires_at as accessExpiresAt',
      'r.answered_at as answeredAt',
      'r.pin_failures as pinFailures',
      'r.capture_failures as captureFailures',
      's.id as shippingId',
      's.domain_id as domainId',
      's.reference',
      's.service_kind as serviceKind',
      's.channel',
      's.subject',
      's.body',
      's.template_content_type as templateContentType',
      's.template_subject as templateSubject',
      's.template_body as templateBody',
      's.state',
      's.result',
      's.substate',
      's.multi_signer_order as multiSignerOrder',
      's.custody_days as custodyDays',
      's.custody_until as custodyUntil',
      's.response_deadline_at as responseDeadlineAt',
      's.is_sandbox as isSandbox',
      'c.name as senderCompany',
      't.sign_method as signMethod',
      // The documents the type asks the receiver to show (OTHER: at least one other document).
      't.identification_documents as identificationDocuments',
    ])
    .where('r.id', '=', receiverId)
    .executeTakeFirstOrThrow();
}
export type TPortalReceiver = Awaited<ReturnType<typeof selectPortalReceiver>>;

/** The other receivers of a shipping, in signing order: who has answered decides when the shipping closes. */
export function selectCoReceivers(trx: Trx, shippingId: string) {
  return trx
    .selectFrom('shipping_receivers')
    .select(['id', 'position', 'status', 'answered_at as answeredAt'])
    .where('shipping_id', '=', shippingId)
    .orderBy('position')
    .execute();
}

/** The documents a receiver may read: the sender's originals, shared or addressed to this receiver. */
export function selectReceiverDocuments(db: Db, shippingId: string, receiverId: string) {
  return db
    .selectFrom('shipping_documents')
    .select(['position', 'name', 'mime_type as mimeType', 'size_bytes as sizeBytes', 'sha256'])
    .where('shipping_id', '=', shippingId)
    .where('kind', '=', 'original')
    .where((eb) => eb.or([eb('receiver_id', 'is', null), eb('receiver_id', '=', receiverId)]))
    .orderBy('position')
    .execute();
}

export async function updatePortalReceiver(
  trx: Trx,
  receiverId: string,
  values: {
    status?: string;
    statusAt?: Date;
    openedAt?: Date;
    answeredAt?: Date;
    pinFailures?: number;
    captureFailures?: number;
  },
): Promise<void> {
  await trx
    .updateTable('shipping_receivers')
    .set({
      ...(values.status !== undefined && { status: values.status, status_at: values.statusAt ?? null }),
      ...(values.openedAt !== undefined && { opened_at: values.openedAt }),
      ...(values.answeredAt !== undefined && { answered_at: values.answeredAt }),
      ...(values.pinFailures !== undefined && { pin_failures: values.pinFailures }),
      ...(values.captureFailures !== undefined && { capture_failures: values.captureFailures }),
    })
    .where('id', '=', receiverId)
    .execute();
}

/** Marks every receiver of the shipping that has not answered with `status`. */
export async function markUnansweredReceivers(trx: Trx, shippingId: string, status: string, at: Date) {
  await trx
    .updateTable('shipping_receivers')
    .set({ status, status_at: at })
    .where('shipping_id', '=', shippingId)
    .where('answered_at', 'is', null)
    .execute();
}

export async function updateShippingPortalFields(
  trx: Trx,
  shippingId: string,
  values: { substate?: string | null; custodyUntil?: Date },
): Promise<void> {
  await trx
    .updateTable('shippings')
    .set({
      ...(values.substate !== undefined && { substate: values.substate }),
      ...(values.custodyUntil !== undefined && { custody_until: values.custodyUntil }),
    })
    .where('id', '=', shippingId)
    .execute();
}

/** True when an `opened` event of this receiver exists since `since`. */
export async function hasOpenedSince(trx: Trx, shippingId: string, receiverId: string, since: Date) {
  const row = await trx
    .selectFrom('shipping_events')
    .select('id')
    .where('shipping_id', '=', shippingId)
    .where('action', '=', 'opened')
    .where('at', '>=', since)
    .where(sql<boolean>`details->>'receiverId' = ${receiverId}`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countPins(trx: Trx, receiverId: string): Promise<number> {
  const row = await trx
    .selectFrom('receiver_pins')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('receiver_id', '=', receiverId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertPin(
  trx: Trx,
  pin: { receiverId: string; n: number; pinHash: string; createdAt: Date; expiresAt: Date },
) {
  await trx
    .insertInto('receiver_pins')
    .values({
      receiver_id: pin.receiverId,
      n: pin.n,
      pin_hash: pin.pinHash,
      created_at: pin.createdAt,
      expires_at: pin.expiresAt,
    })
    .execute();
}

/** The receiver's newest PIN, if it is still usable. */
export function selectUsablePin(trx: Trx, receiverId: string, now: Date) {
  return trx
    .selectFrom('receiver_pins')
    .select(['id', 'n', 'pin_hash as pinHash'])
    .where('receiver_id', '=', receiverId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markPinUsed(trx: Trx, pinId: string, at: Date) {
  await trx.updateTable('receiver_pins').set({ used_at: at }).where('id', '=', pinId).execute();
}

/** How many captures of each kind the receiver has uploaded. */
export function selectCaptureCounts(db: Db, receiverId: string) {
  return db
    .selectFrom('shipping_documents')
    .select(['capture_kind as kind', (eb) => eb.fn.countAll<string>().as('count')])
    .where('receiver_id', '=', receiverId)
    .where('kind', '=', 'identity')
    .groupBy('capture_kind')
    .execute();
}

/** How many recordings a receiver's video identification holds. */
export async function countVideos(db: Db, receiverId: string): Promise<number> {
  const row = await db
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('receiver_id', '=', receiverId)
    .where('kind', '=', 'video')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a receiver's recording as the shipping's next document, of kind `video`; answers its position. */
export async function insertVideo(
  trx: Trx,
  video: { shippingId: string; receiverId: string; name: string; mimeType: string; sizeBytes: number; sha256: string },
): Promise<number> {
  const next = await trx
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.max('position'), eb.lit(0)).as('last'))
    .where('shipping_id', '=', video.shippingId)
    .executeTakeFirstOrThrow();
  const position = Number(next.last) + 1;
  await trx
    .insertInto('shipping_documents')
    .values({
      shipping_id: video.shippingId,
      position,
      kind: 'video',
      receiver_id: video.receiverId,
      name: video.name,
      mime_type: video.mimeType,
      size_bytes: video.sizeBytes,
      category: 'UNSPECIFIED',
      sha256: video.sha256,
    })
    .execute();
  return position;
}

export async function insertCapture(
  trx: Trx,
  capture: {
    shippingId: string;
    receiverId: string;
    kind: string;
    name: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string;
  },
) {
  const next = await trx
    .selectFrom('shipping_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.max('position'), eb.lit(0)).as('last'))
    .where('shipping_id', '=', capture.shippingId)
    .executeTakeFirstOrThrow();
  const position = Number(next.last) + 1;
  await trx
    .insertInto('shipping_documents')
    .values({
      shipping_id: capture.shippingId,
      position,
      kind: 'identity',
      receiver_id: capture.receiverId,
      name: capture.name,
      mime_type: capture.mimeType,
      size_bytes: capture.sizeBytes,
      category: 'IMAGE',
      sha256: capture.sha256,
      capture_kind: capture.kind,
    })
    .execute();
  return position;
}

const OPEN_STATES = ['sent', 'in_course'] as const;

/** Unanswered shippings whose response deadline has passed. */
export async function selectOverdueShippingIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shippings')
    .select('id')
    .where('state', 'in', OPEN_STATES)
    .where('result', 'is', null)
    .where('deleted_at', 'is', null)
    .where('response_deadline_at', '<=', now)
    .orderBy('response_deadline_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Running custodies whose time is over. */
export async function selectEndedCustodyIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shippings')
    .select('id')
    .where('state', '=', 'in_course')
    .where('result', '=', 'custody_in_course')
    .where('deleted_at', 'is', null)
    .where('custody_until', '<=', now)
    .orderBy('custody_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Receivers who have not answered a shipping still open before its deadline, with when the shipping
 * was dispatched (its latest `dispatch` event), so reminders fall at fixed points of the period.
 */
export function selectReminderCandidates(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('shippings as s')
    .innerJoin('shipping_receivers as r', 'r.shipping_id', 's.id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('shipping_events as e')
          .select('e.at as dispatchedAt')
          .whereRef('e.shipping_id', '=', 's.id')
          .where('e.action', '=', 'dispatch')
          .orderBy('e.seq', 'desc')
          .limit(1)
          .as('d'),
      (join) => join.onTrue(),
    )
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      's.id as shippingId',
      's.domain_id as domainId',
      's.reference',
      's.body',
      's.channel',
      's.is_sandbox as isSandbox',
      's.subject',
      's.response_deadline_at as deadline',
      'd.dispatchedAt',
      'r.id as receiverId',
      'r.name',
      'r.email',
      'r.mobile',
      RECEIVER_LANGUAGE,
      'r.opened_at as openedAt',
      'r.access_expires_at as accessExpiresAt',
      'c.name as senderCompany',
    ])
    .where('s.state', 'in', OPEN_STATES)
    .where('s.result', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where('s.response_deadline_at', '>', now)
    .where('s.channel', 'in', ['email', 'sms', 'whatsapp'])
    .where('r.answered_at', 'is', null)
    .where('r.access_expires_at', '>', now)
    .orderBy('s.response_deadline_at')
    .limit(limit)
    .execute();
}
export type TReminderCandidate = Awaited<ReturnType<typeof selectReminderCandidates>>[number];

export async function messageExists(db: Db, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('delivery_messages')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The messages that carried a PIN (by their idempotency keys): the first and any fallback of it. */
export function selectPinMessages(trx: Trx, keys: readonly string[]) {
  return trx
    .selectFrom('delivery_messages')
    .select(['channel', 'recipient', 'status', 'fallback_for as fallbackFor'])
    .where('idempotency_key', 'in', keys)
    .execute();
}
