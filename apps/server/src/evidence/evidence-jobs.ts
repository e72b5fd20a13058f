import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { countCertificateProduced, countDependencyError } from '../platform/metrics.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';
import { createTimestamper } from './timestamps.ts';

/**
 * The evidence side's background work: the worker of DELIVERY_JOBS.certificate. A copy that works jobs
 * loads the seal at start, so a missing or wrong seal shows in the log at once rather than at the first shipping.
 */
export function createEvidenceJobs(ctx: TAppContext): TJob[] {
  const loadSeal = createSealLoader(ctx.config, ctx.app.log);
  if (ctx.config.JOBS_ENABLED) {
    loadSeal().catch((error: unknown) => ctx.app.log.error({ err: error }, 'the certificate seal cannot be loaded'));
  }
  const stamp = createTimestamper(ctx.config, ctx.app.log);
  const deps = { db: ctx.db, blobs: ctx.blobs, jobs: ctx.jobs, config: ctx.config, loadSeal, stamp };
  return [
    bindJob(DELIVERY_JOBS.certificate, {
      run: async (payload) => {
        try {
          if ((await certifyShipping(deps, payload.shippingId)) === 'certified') countCertificateProduced();
        } catch (error) {
          if (error instanceof TrustServiceUnavailableError) {
            countDependencyError('trust_service');
            ctx.app.log.warn(
              { err: error, shippingId: payload.shippingId },
              'certificate waits for its time-stamp or validation data: a trust service did not answer, the job will retry',
            );
          }
          throw error;
        }
      },
    }),
  ];
}
