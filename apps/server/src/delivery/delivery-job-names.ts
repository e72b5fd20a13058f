/**
 * The delivery side's queues. Whoever causes the work queues it inside its own transaction with
 * `ctx.jobs.send(NAME, data, { within: trx })`; the module that owns a queue declares its worker.
 */
export const DELIVERY_JOBS = {
  /** `{ shippingId }`: sends a shipping that reached `pending_to_send` to its receivers. */
  dispatch: 'delivery-dispatch',
  /** `{ shippingId }`: builds and signs the certificate of a shipping in `pending_cert`/`pending_cert_postal`. */
  certificate: 'delivery-certificate',
  /** `{ messageId }`: hands one recorded message to its channel adapter (provider transports only). */
  send: 'delivery-send',
  /** Scheduled: closes unanswered shippings at their deadline and sends reminders before it. */
  expiry: 'delivery-expiry',
  /** Scheduled (and at start): re-queues shippings and messages whose job was lost, e.g. by a killed copy. */
  sweep: 'delivery-sweep',
} as const;
