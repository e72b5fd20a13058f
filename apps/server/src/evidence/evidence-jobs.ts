import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS, EVIDENCE_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { countCertificateProduced, countCertificateRefused, countDependencyError } from '../platform/metrics.ts';
import { renewArchiveTimestamps } from './archive-timestamps.ts';
import { certifyShipping } from './certificate-worker.ts';
import { stampChainHeads } from './chain-timestamps.ts';
import { CertificateRevokedError } from './ocsp-client.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';
import { createTrustLoaders, type TTrustLoaders } from './trust-loaders.ts';

/**
 * The evidence side's background work: the worker of DELIVERY_JOBS.certificate and the EVIDENCE_JOBS time-stamps. A copy that works jobs
 * loads the seal at start, so a missing or wrong seal shows in the log at once rather than at the first shipping.
 */
export function createEvidenceJobs(
  ctx: TAppContext,
  trust: TTrustLoaders = createTrustLoaders(ctx.config, ctx.app.log),
): TJob[] {
  const { loadSeal, stamp } = trust;
  if (ctx.config.JOBS_ENABLED) {
    loadSeal().catch((error: unknown) => ctx.app.log.error({ err: error }, 'the certificate seal cannot be loaded'));
  }
  const deps = { db: ctx.db, blobs: ctx.blobs, jobs: ctx.jobs, config: ctx.config, loadSeal, stamp };
  /** A trust service that did not answer: counted and logged as an error the operator sees, then thrown again. */
  const reportTrustService = (error: unknown, message: string) => {
    if (error instanceof TrustServiceUnavailableError) {
      countDependencyError('trust_service');
      ctx.app.log.error({ err: error }, message);
    }
    if (error instanceof CertificateRevokedError) {
      ctx.app.log.error({ err: error }, "time-stamps refused: the TSA's certificate is revoked; configure another TSA");
    }
    throw error;
  };
  return [
    bindJob(DELIVERY_JOBS.certificate, {
      run: async (payload) => {
        try {
          if ((await certifyShipping(deps, payload.shippingId)) === 'certified') countCertificateProduced();
        } catch (error) {
          if (error instanceof CertificateRevokedError) {
            // Retried like a silent TSA: once the seal (or TSA) is replaced, the waiting certificates are issued.
            countCertificateRefused('revoked');
            ctx.app.log.error(
              { err: error, shippingId: payload.shippingId },
              'certificate refused: a certificate of the seal or TSA chain is revoked; replace it (SEAL_P12_PATH, TSA_URL)',
            );
          }
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
    bindJob(EVIDENCE_JOBS.chainHeadTimestamps, {
      run: async () => {
        await stampChainHeads(deps).catch((error: unknown) =>
          reportTrustService(
            error,
            'chain heads wait for their time-stamp: the TSA did not answer, the next run retries',
          ),
        );
      },
    }),
    bindJob(EVIDENCE_JOBS.archiveTimestamps, {
      run: async () => {
        await renewArchiveTimestamps(deps, ctx.config.ARCHIVE_TIMESTAMP_RENEW_DAYS).catch((error: unknown) =>
          reportTrustService(error, 'archive time-stamps wait: a trust service did not answer, the next run retries'),
        );
      },
    }),
  ];
}
