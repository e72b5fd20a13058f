import { LIMITS } from '@sello/contracts/constants';
import { z } from 'zod';
import { defineJob } from '../platform/jobs.ts';

/** Row ids (bigint) travel as decimal strings, as the database answers them. */
const ZRowId = z.string().regex(/^\d+$/);

/**
 * The delivery side's queues. Whoever causes the work queues it inside its own transaction with
 * `ctx.jobs.send(DELIVERY_JOBS.x, payload, { within: trx })`; the module that works a queue binds its handler
 * (delivery/delivery-jobs.ts, evidence/certificate-job.ts).
 */
export const DELIVERY_JOBS = {
  /** Sends a shipping that reached `pending_to_send` to its receivers. */
  dispatch: defineJob({
    name: 'delivery-dispatch',
    payload: z.object({ shippingId: ZRowId }),
    retryLimit: 8,
    // A fetched batch is dispatched in one transaction (bench/dispatch.ts); a full batch fetches the
    // next at once. A failed batch is retried whole; dispatch is idempotent.
    batchSize: 20,
    localConcurrency: 4,
    pollingIntervalSeconds: 1,
  }),
  /** Builds and signs the certificate of a shipping in `pending_cert`/`pending_cert_postal`. */
  certificate: defineJob({
    name: 'delivery-certificate',
    payload: z.object({ shippingId: ZRowId }),
    // A certificate waits for its time-stamp: while the TSA does not answer the job retries every 5 minutes for a
    // week (the shipping stays in pending_cert, the job in `retry`, a warning logged each time).
    retryLimit: 2_016,
    retryDelayMax: 300,
    // pg-boss waits a polling interval after each fetch, full or not: a batch of 20 per fetch and a
    // short interval keep a backlog moving at what the CPU can sign, not at what the polling allows.
    // A failed certificate fails its batch, whose retry skips those already certified.
    batchSize: 20,
    localConcurrency: 2,
    pollingIntervalSeconds: 0.5,
  }),
  /** Confirms a sender's cancellation of a shipping in `cancel_pending` on its channel (cancel-confirm.ts). */
  confirmCancel: defineJob({
    name: 'delivery-confirm-cancel',
    payload: z.object({ shippingId: ZRowId }),
    retryLimit: 5,
  }),
  /** Hands one recorded message to its channel adapter (provider transports only). */
  send: defineJob({
    name: 'delivery-send',
    payload: z.object({ messageId: ZRowId }),
    retryLimit: 8,
    // Provider failures do not throw (the message records them), so a batch fails only with the database.
    batchSize: 10,
    // Spec §9's upload limit to the centre: at most 5 messages handed to the providers at once per copy.
    localConcurrency: LIMITS.uploadLimitToCenter,
    pollingIntervalSeconds: 1,
  }),
  /** Scheduled: closes unanswered shippings at their deadline and sends reminders before it. */
  expiry: defineJob({
    name: 'delivery-expiry',
    cron: '* * * * *',
    // A failed run is simply the next minute's run: no retries piling up behind the schedule.
    retryLimit: 0,
  }),
  /** Scheduled (and at start): re-queues shippings and messages whose job was lost, e.g. by a killed copy. */
  sweep: defineJob({ name: 'delivery-sweep', cron: '* * * * *', retryLimit: 1 }),
};
