import { LIMITS } from '@sello/contracts/constants';
import { z } from 'zod';
import { defineJob } from './jobs.ts';

/**
 * Every queue of the server, as senders and workers both know it: name, payload schema and how it is worked.
 * Whoever causes the work queues it inside its own transaction with `ctx.jobs.send(X_JOBS.y, payload, { within: trx })`;
 * the feature whose work it is binds its handler in its own `*-jobs.ts`, and `app.ts` starts every feature's list.
 * The names and payloads are what stored jobs carry: a renamed queue or a changed payload strands the jobs already queued.
 */

/** Row ids (bigint) travel as decimal strings, as the database answers them. */
const ZRowId = z.string().regex(/^\d+$/);

/** The queues of a shipping's way out and back (the `delivery-` names). */
export const DELIVERY_JOBS = {
  /** Sends a shipping that reached `pending_to_send` to its receivers. Bound in delivery/delivery-jobs.ts. */
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
  /** Builds and signs the certificate of a shipping in `pending_cert`/`pending_cert_postal`. Bound in evidence/evidence-jobs.ts. */
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
  /** Confirms a sender's cancellation of a shipping in `cancel_pending` on its channel. Bound in delivery/delivery-jobs.ts. */
  confirmCancel: defineJob({
    name: 'delivery-confirm-cancel',
    payload: z.object({ shippingId: ZRowId }),
    retryLimit: 5,
  }),
  /** Hands one recorded message to its channel adapter (provider transports only). Bound in delivery/delivery-jobs.ts. */
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
  /** Scheduled: closes unanswered shippings at their deadline and sends reminders before it. Bound in portal/portal-jobs.ts. */
  expiry: defineJob({
    name: 'delivery-expiry',
    cron: '* * * * *',
    // A failed run is simply the next minute's run: no retries piling up behind the schedule.
    retryLimit: 0,
  }),
  /**
   * Scheduled (and at start): re-queues shippings and messages whose job was lost, e.g. by a killed copy.
   * Bound in delivery/delivery-jobs.ts.
   */
  sweep: defineJob({ name: 'delivery-sweep', cron: '* * * * *', retryLimit: 1 }),
};

/** The evidence's scheduled queues; evidence/evidence-jobs.ts binds their handlers. */
export const EVIDENCE_JOBS = {
  /**
   * Stamps the head of the event chain of each shipping that closed (and again when events follow). While the TSA
   * does not answer the run fails, with a warning and the trust_service metric; the next minute's run tries again.
   */
  chainHeadTimestamps: defineJob({ name: 'evidence-chain-head-timestamps', cron: '* * * * *', retryLimit: 0 }),
  /**
   * Adds an archive time-stamp (PAdES B-LTA) to each signed PDF whose last document time-stamp's TSA certificate
   * ends within ARCHIVE_TIMESTAMP_RENEW_DAYS. Hourly: a TSA that does not answer is tried again the next hour.
   */
  archiveTimestamps: defineJob({ name: 'evidence-archive-timestamps', cron: '29 * * * *', retryLimit: 0 }),
};

/** The shippings' scheduled queues; shippings/shipping-jobs.ts binds their handlers. */
export const SHIPPING_JOBS = {
  /** Authorisation periods that run out become `auths_expired`. */
  expireAuthorisations: defineJob({ name: 'shippings-expire-authorisations', cron: '* * * * *' }),
  /** Prepared exports are deleted once their offer expires. */
  purgeExports: defineJob({ name: 'shippings-purge-exports', cron: '17 * * * *' }),
};

/** The imports' queues; imports/import-jobs.ts binds their handlers. */
export const IMPORT_JOBS = {
  /** Runs the next phase of an import over the online limit: its dry run (CREATED) or its saving (IN_COURSE). */
  run: defineJob({
    name: 'imports-run',
    payload: z.object({ importId: ZRowId }),
    retryLimit: 5,
  }),
  /** Scheduled (and at start): re-queues imports a killed copy left in the middle of their work. */
  sweep: defineJob({ name: 'imports-sweep', cron: '* * * * *', retryLimit: 1 }),
};

/** The audit trail's queue. */
export const AUDIT_JOBS = {
  /** Records older than AUDIT_RETENTION_DAYS leave the trail, the oldest end of each tenant's chain first. */
  purge: defineJob({ name: 'audit-purge', cron: '41 3 * * *' }),
};

/** The webhooks' queue; integration/webhook-jobs.ts binds its handler. */
export const WEBHOOK_JOBS = {
  /**
   * Posts one event to one endpoint (one attempt). A failed attempt queues the next one itself, with its own back-off
   * (WEBHOOK_RETRY_*), so every attempt is logged; the queue's own retries only cover a failing database.
   */
  deliver: defineJob({
    name: 'webhooks-deliver',
    payload: z.object({
      eventId: z.string().min(1),
      endpointId: ZRowId,
      attempt: z.number().int().min(1),
      manual: z.boolean().default(false),
    }),
    retryLimit: 5,
    batchSize: 50,
    localConcurrency: 2,
    pollingIntervalSeconds: 0.5,
  }),
};
