import type { Language } from '@sello/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TAppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';
import { ChannelSendError, type TMessageChannel } from '../platform/channel-adapter.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { countProviderError } from '../platform/metrics.ts';
import {
  selectMessage,
  type TMessageRow,
  type TMessageStatus,
  tryLockMessage,
  unlockMessage,
  updateMessageReference,
  updateMessageStatus,
} from './dispatch.queries.ts';
import { recordDeliveryOutcome, recordDeliveryRetry, type TDeliveryOutcome } from './dispatch-outcomes.ts';
import { selectMessageAttachments } from './message-attachments.queries.ts';
import { prepareAttachments } from './message-attachments.ts';

export type TSendDeps = Pick<TAppContext, 'db' | 'jobs' | 'channelAdapters' | 'blobs'> & { logger: FastifyBaseLogger };

/**
 * Hand-overs a message gets before it fails for good: with the back-off below, a peer may be away for about 72
 * minutes (10 s + 20 s + … + 1280 s + 1800 s) before its messages fail.
 */
export const MAX_SEND_ATTEMPTS = 10;

/** Seconds before try `attempt + 1`: 10 s, 20 s, 40 s … capped at 30 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(1800, 10 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Settles a message and records on its shipping what became of it, in one transaction. The status
 * moves only from `sending`, so a provider report that arrived first is not overwritten.
 */
async function settle(
  deps: TSendDeps,
  conn: Kysely<Database>,
  message: TMessageRow,
  outcome: TDeliveryOutcome,
  report: { providerRef?: string | null; error?: string | null; refused?: boolean },
): Promise<void> {
  await conn.transaction().execute(async (trx) => {
    const moved = await updateMessageStatus(
      trx,
      message.id,
      { status: outcome, at: new Date(), providerRef: report.providerRef, error: report.error ?? null },
      ['sending', 'queued'],
    );
    if (!moved) {
      if (report.providerRef !== undefined) await updateMessageReference(trx, message.id, report.providerRef);
      return;
    }
    await recordDeliveryOutcome(deps.jobs, trx, message, outcome, {
      providerRef: report.providerRef,
      detail: report.error ?? null,
      source: message.transport,
      refused: report.refused ?? false,
    });
  });
}

async function sendLocked(deps: TSendDeps, conn: Kysely<Database>, messageId: string): Promise<void> {
  const message = await selectMessage(conn, messageId);
  if (!message || (message.status !== 'queued' && message.status !== 'sending')) return;
  const adapter = deps.channelAdapters[message.transport as keyof TSendDeps['channelAdapters']];
  if (!adapter) {
    deps.logger.error({ messageId, transport: message.transport }, 'no channel adapter for the transport');
    await settle(deps, conn, message, 'failed', { error: `no adapter for transport ${message.transport}` });
    return;
  }
  if (message.status === 'sending') {
    // Its sender died while handing it over. SMTP cannot tell whether the server took it: never twice.
    if (message.transport === 'smtp') {
      await settle(deps, conn, message, 'unknown', { error: 'interrupted while sending; not sent again' });
      return;
    }
  }
  if (message.attempts >= MAX_SEND_ATTEMPTS) {
    await settle(deps, conn, message, 'failed', { error: `gave up after ${message.attempts} attempts` });
    return;
  }
  // Read before `sending`: a database error here leaves the message queued for the job's own retry.
  const documents = await selectMessageAttachments(conn, message.id);
  const attempts = message.attempts + 1;
  // Committed before the provider is called: a crash from here on leaves `sending` behind as the trace.
  await updateMessageStatus(conn, message.id, { status: 'sending', at: new Date(), attempts });
  message.status = 'sending';
  /** Set once the channel has the message: its permanent failure is then the channel refusing it. */
  let handedOver = false;
  try {
    const attachments = await prepareAttachments(deps.blobs, documents);
    handedOver = true;
    const { providerRef } = await adapter.send({
      guid: message.guid,
      channel: message.channel as TMessageChannel,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      html: message.bodyHtml,
      language: (message.language ?? 'es-es') as Language,
      attachments,
    });
    // SMTP has no later report: the server accepting the message is its delivery.
    await settle(deps, conn, message, message.transport === 'smtp' ? 'delivered' : 'sent', { providerRef });
  } catch (error) {
    if (error instanceof ChannelSendError) countProviderError(message.transport, error.kind);
    const failure =
      error instanceof ChannelSendError
        ? error
        : new ChannelSendError(message.transport === 'smtp' ? 'unknown' : 'transient', String(error));
    if (failure.kind === 'transient' && attempts < MAX_SEND_ATTEMPTS) {
      const delay = backoffSeconds(attempts);
      const nextAttemptAt = new Date(Date.now() + delay * 1000);
      await conn.transaction().execute(async (trx) => {
        await updateMessageStatus(
          trx,
          message.id,
          { status: 'queued', at: new Date(), error: failure.message, nextAttemptAt },
          ['sending'],
        );
        await deps.jobs.send(DELIVERY_JOBS.send, { messageId: message.id }, { within: trx, startAfter: delay });
        await recordDeliveryRetry(trx, message, { attempt: attempts, nextAttemptAt, error: failure.message });
      });
      deps.logger.warn({ messageId, attempts, delay, err: failure.message }, 'message send failed; retrying');
      return;
    }
    const outcome: TMessageStatus = failure.kind === 'unknown' ? 'unknown' : 'failed';
    deps.logger.warn({ messageId, attempts, err: failure.message, outcome }, 'message not delivered');
    await settle(deps, conn, message, outcome, {
      error: failure.message,
      refused: handedOver && failure.kind === 'permanent',
    });
  }
}

/**
 * The send job: hands one recorded message to the adapter of its transport. The message row is the
 * idempotency record (`queued` → `sending` → `sent`/`delivered`) and a session lock on it marks the copy
 * working it, so a message found `sending` with its lock free was left by a copy that died: an HTTP
 * provider gets it again under the same guid (it dedupes), an SMTP one never (it becomes `unknown`).
 * Transient failures wait a back-off and try again; permanent ones, and the last try, fail it.
 */
export async function sendMessage(deps: TSendDeps, messageId: string): Promise<void> {
  await deps.db.connection().execute(async (conn) => {
    if (!(await tryLockMessage(conn, messageId))) return;
    try {
      await sendLocked(deps, conn, messageId);
    } finally {
      await unlockMessage(conn, messageId);
    }
  });
}
