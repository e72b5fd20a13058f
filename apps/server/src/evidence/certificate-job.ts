import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../delivery/delivery-job-names.ts';
import type { TJob } from '../platform/jobs.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';

/**
 * The worker of DELIVERY_JOBS.certificate (`{ shippingId }`). A copy that works jobs loads the seal
 * at start, so a missing or wrong seal shows in the log at once rather than at the first shipping.
 */
export function createCertificateJob(ctx: TAppContext): TJob {
  const loadSeal = createSealLoader(ctx.config, ctx.app.log);
  if (ctx.config.JOBS_ENABLED) {
    loadSeal().catch((error: unknown) => ctx.app.log.error({ err: error }, 'the certificate seal cannot be loaded'));
  }
  const deps = { db: ctx.db, blobs: ctx.blobs, jobs: ctx.jobs, config: ctx.config, loadSeal };
  return {
    name: DELIVERY_JOBS.certificate,
    retryLimit: 5,
    // pg-boss waits a polling interval after each fetch, full or not: a batch of 20 per fetch and a
    // short interval keep a backlog moving at what the CPU can sign, not at what the polling allows.
    // A failed certificate fails its batch, whose retry skips those already certified.
    batchSize: 20,
    localConcurrency: 2,
    pollingIntervalSeconds: 0.5,
    run: async (data) => {
      const { shippingId } = data as { shippingId?: unknown };
      if (typeof shippingId !== 'string' && typeof shippingId !== 'number') return;
      await certifyShipping(deps, String(shippingId));
    },
  };
}
