import { type Kysely, sql, type Transaction } from 'kysely';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';
import type { Database } from '../db/schema.ts';
import { LOCKED_SHIPPING_COLUMNS } from '../shippings/shipping-lifecycle.queries.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The template as the sender saw it (kept at creation); shippings from before then read the template itself. */
const SENT_TEMPLATE_COLUMNS = [
  sql<string | null>`coalesce(s.template_content_type, tpl.content_type)`.as('templateContentType'),
  sql<string | null>`CASE WHEN s.template_body IS NULL THEN tpl.subject ELSE s.template_subject END`.as(
    'templateSubject',
  ),
  sql<string | null>`coalesce(s.template_body, tpl.body)`.as('templateBody'),
];

/**
 * What dispatching shippings needs: the shipping's lifecycle and chain head (as lockShipping answers
 * them), its type's deadlines, sender company and language. With `lock`, the shippings are locked in id
 * order (so batches that overlap wait for each other instead of deadlocking).
 */
export function selectDispatchPlans(trx: Trx, shippingIds: readonly string[], { lock }: { lock: boolean }) {
  return trx
    .selectFrom('shippings as s')
    .innerJoin('shipping_types as t', 't.id', 's.type_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('users as u', 'u.id', 's.sender_id')
    .leftJoin('templates as tpl', (join) => join.onRef('tpl.id', '=', 's.template_id').on('tpl.deleted_at', 'is', null))
    .select(LOCKED_SHIPPING_COLUMNS)
    .select(SENT_TEMPLATE_COLUMNS)
    .select([
      's.reference',
      's.service_kind as serviceKind',
      's.channel',
      's.subject',
      's.body',
      's.is_sandbox as sandbox',
      's.multi_signer_order as multiSignerOrder',
      's.custody_days as custodyDays',
      's.response_deadline_at as responseDeadlineAt',
      's.custody_until as custodyUntil',
      't.response_days as responseDays',
      't.custody_days as typeCustodyDays',
      'c.name as companyName',
      'u.language as senderLanguage',
    ])
    .where('s.id', 'in', shippingIds)
    .orderBy('s.id')
    .$if(lock, (query) => query.forUpdate('s'))
    .execute();
}
export type TDispatchPlan = Awaited<ReturnType<typeof selectDispatchPlans>>[number];

/**
 * The receivers of the shippings, each shipping's in signing order, with how many access messages each
 * has had (the attempt number) and when they answered.
 */
export function selectDispatchReceivers(trx: Trx, shippingIds: readonly string[]) {
  return trx
    .selectFrom('shipping_receivers as r')
    .select((eb) => [
      'r.id',
      'r.shipping_id as shippingId',
      'r.position',
      'r.name',
      'r.email',
      'r.mobile',
      'r.language',
      'r.status',
      'r.answered_at as answeredAt',
      'r.street_type as streetType',
      'r.street',
      'r.street_num_type as streetNumType',
      'r.street_number as streetNumber',
      'r.address_extra as addressExtra',
      'r.postal_code as postalCode',
      'r.city',
      'r.province',
      'r.country',
      eb
        .selectFrom('delivery_messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.receiver_id', '=', 'r.id')
        .where('m.purpose', '=', 'access')
        .as('accessMessages'),
    ])
    .where('r.shipping_id', 'in', shippingIds)
    .orderBy('r.shipping_id')
    .orderBy('r.position')
    .execute();
}
export type TDispatchReceiver = Awaited<ReturnType<typeof selectDispatchReceivers>>[number];

/**
 * Marks receivers `sent` (those with `keepStatus` keep theirs), in one statement; those given a link
 * token (its SHA-256) get it with its expiry, replacing any earlier one.
 */
export async function markReceiversSent(
  trx: Trx,
  receivers: readonly { id: string; tokenHash: string | null; expiresAt: Date; keepStatus?: boolean }[],
  at: Date,
): Promise<void> {
  if (receivers.length === 0) return;
  const rows = receivers.map((receiver) => ({
    id: receiver.id,
    token_hash: receiver.tokenHash,
    expires_at: receiver.expiresAt.toISOString(),
    keep_status: receiver.keepStatus === true,
  }));
  await sql`
    UPDATE shipping_receivers AS r SET
      status = CASE WHEN v.keep_status THEN r.status ELSE 'sent' END,
      status_at = CASE WHEN v.keep_status THEN r.status_at ELSE ${at} END,
      access_token_hash = coalesce(v.token_hash, r.access_token_hash),
      access_issued_at = CASE WHEN v.token_hash IS NULL THEN r.access_issued_at ELSE ${at} END,
      access_expires_at = CASE WHEN v.token_hash IS NULL THEN r.access_expires_at ELSE v.expires_at END
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS v(id bigint, token_hash text, expires_at timestamptz, keep_status boolean)
    WHERE r.id = v.id`.execute(trx);
}

export async function updateReceiverStatus(
  trx: Trx,
  receiverId: string,
  status: string,
  at: Date,
  onlyFrom?: readonly string[],
): Promise<void> {
  await trx
    .updateTable('shipping_receivers')
    .set({ status, status_at: at })
    .where('id', '=', receiverId)
    .$if(onlyFrom !== undefined, (query) => query.where('status', 'in', onlyFrom!))
    .execute();
}

/** Session-level lock on one message: held by the copy handing it to its adapter, freed if that copy dies. */
const MESSAGE_LOCK_CLASS = 0x5e110;

export async function tryLockMessage(conn: Db, messageId: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_lock(${MESSAGE_LOCK_CLASS}, (${messageId}::bigint % 2147483647)::int) AS locked`.execute(
    conn,
  );
  return rows[0]?.locked === true;
}

export async function unlockMessage(conn: Db, messageId: string): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${MESSAGE_LOCK_CLASS}, (${messageId}::bigint % 2147483647)::int)`.execute(conn);
}

const MESSAGE_COLUMNS = [
  'm.id',
  'm.guid',
  'm.shipping_id as shippingId',
  'm.receiver_id as receiverId',
  'm.purpose',
  'm.channel',
  'm.transport',
  'm.recipient',
  'm.subject',
  'm.body',
  'm.body_html as bodyHtml',
  'm.status',
  'm.attempts',
  'm.provider_ref as providerRef',
  'r.language',
] as const;

export function selectMessage(db: Db, messageId: string) {
  return db
    .selectFrom('delivery_messages as m')
    .innerJoin('shipping_receivers as r', 'r.id', 'm.receiver_id')
    .select(MESSAGE_COLUMNS)
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}
export type TMessageRow = NonNullable<Awaited<ReturnType<typeof selectMessage>>>;

/** The message a provider's report names (its guid), locked; only messages of that provider's transport. */
export function lockMessageByGuid(trx: Trx, guid: string, transport: DeliveryMessagesTable['transport']) {
  return trx
    .selectFrom('delivery_messages as m')
    .innerJoin('shipping_receivers as r', 'r.id', 'm.receiver_id')
    .select(MESSAGE_COLUMNS)
    .where('m.guid', '=', guid)
    .where('m.transport', '=', transport)
    .forUpdate('m')
    .executeTakeFirst();
}

export type TMessageStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'unknown';

/** Moves a message on; with `onlyFrom` only from those statuses. Answers whether it moved. */
export async function updateMessageStatus(
  db: Db,
  messageId: string,
  values: {
    status: TMessageStatus;
    at: Date;
    providerRef?: string | null;
    error?: string | null;
    attempts?: number;
    nextAttemptAt?: Date;
  },
  onlyFrom?: readonly TMessageStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('delivery_messages')
    .set({
      status: values.status,
      status_at: values.at,
      ...(values.providerRef !== undefined && { provider_ref: values.providerRef }),
      ...(values.error !== undefined && { error: values.error }),
      ...(values.attempts !== undefined && { attempts: values.attempts }),
      ...(values.nextAttemptAt !== undefined && { next_attempt_at: values.nextAttemptAt }),
    })
    .where('id', '=', messageId)
    .$if(onlyFrom !== undefined, (query) => query.where('status', 'in', onlyFrom!))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateMessageReference(db: Db, messageId: string, providerRef: string | null): Promise<void> {
  await db.updateTable('delivery_messages').set({ provider_ref: providerRef }).where('id', '=', messageId).execute();
}

/** Whether every receiver's latest access message was delivered (certified kinds close then). */
export async function allAccessDelivered(trx: Trx, shippingId: string): Promise<boolean> {
  const { rows } = await sql<{ pending: number }>`
    SELECT count(*)::int AS pending FROM shipping_receivers r
    WHERE r.shipping_id = ${shippingId} AND coalesce((
      SELECT m.status FROM delivery_messages m WHERE m.receiver_id = r.id AND m.purpose = 'access'
      ORDER BY m.id DESC LIMIT 1), 'none') <> 'delivered'`.execute(trx);
  return rows[0]?.pending === 0;
}

export function selectServiceKind(trx: Trx, shippingId: string) {
  return trx
    .selectFrom('shippings')
    .select('service_kind as serviceKind')
    .where('id', '=', shippingId)
    .executeTakeFirstOrThrow();
}

/** Shippings left in `pending_to_send` longer than `before` (their dispatch job was lost). */
export async function selectStaleShippingsToSend(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shippings')
    .select('id')
    .where('state', '=', 'pending_to_send')
    .where('deleted_at', 'is', null)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Messages overdue for their adapter, or left `sending` (a copy died while handing them over). */
export async function selectStaleMessages(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('delivery_messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<', before)]),
        eb.and([eb('status', '=', 'sending'), eb('status_at', '<', before)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Lets this transaction commit without waiting for its WAL flush. Used by the dispatch only: nothing
 * leaves the building inside it (provider messages are sent by their own job, which commits `sending`
 * durably first), so a commit lost in a crash leaves the shipping in `pending_to_send` with nothing sent,
 * and the sweep dispatches it again. It shortens the time the kept counts' rows stay locked.
 */
export async function relaxCommitDurability(trx: Trx): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

/**
 * The live, active certified e-mail and SMS templates the domains chose (their document tabs), in the chosen order.
 */
export function selectDomainCertTemplateRows(db: Db, domainIds: readonly string[]) {
  return db
    .selectFrom('domain_adv_templates as link')
    .innerJoin('templates as t', 't.id', 'link.template_id')
    .select(['link.domain_id as domainId', 't.kind', 't.content_type as contentType', 't.subject', 't.body'])
    .where('link.domain_id', 'in', [...new Set(domainIds)])
    .where('t.kind', 'in', ['EMAIL_CERT', 'SMS_CERT'])
    .where('t.deleted_at', 'is', null)
    .where('t.active', '=', true)
    .orderBy('link.position')
    .execute();
}
