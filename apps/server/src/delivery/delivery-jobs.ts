import type { TAppContext } from '../app-context.ts';
import { createCertificateJob } from '../evidence/certificate-job.ts';
import type { TJob } from '../platform/jobs.ts';
import { DELIVERY_JOBS } from './delivery-job-names.ts';

/**
 * The delivery side's background work. Every queue is declared here so any copy can send to it;
 * a queue without `run` is not worked by this copy.
 */
export function createDeliveryJobs(ctx: TAppContext): TJob[] {
  return [
    { name: DELIVERY_JOBS.dispatch },
    { name: DELIVERY_JOBS.send },
    createCertificateJob(ctx),
    { name: DELIVERY_JOBS.expiry },
  ];
}
