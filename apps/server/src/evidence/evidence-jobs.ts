import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';

/**
 * The evidence side's background work: the worker of DELIVERY_JOBS.certificate. A copy that works jobs
 * loads the seal at start, so a missing or wrong seal shows in the log at once rather than at the first shipping.
 */
export function createEvidenceJobs(ctx: TAppContext): TJob[] {
  const loadSeal = createSealLoader(ctx.config, ctx.app.log);
  if (ctx.config.JOBS_ENABLED) {
    loadSeal().catch((error: unknown) => ctx.app.log.error({ err: error }, 'the certificate seal cannot be loaded'));
  }
  const deps = { db: ctx.db, blobs: ctx.blobs, jobs: ctx.jobs, config: ctx.config, loadSeal };
  return [
    bindJob(DELIVERY_JOBS.certificate, {
      run: async (payload) => {
        await certifyShipping(deps, payload.shippingId);
      },
    }),
  ];
}
