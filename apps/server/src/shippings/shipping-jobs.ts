import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { SHIPPING_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob, type TJobQueue } from '../platform/jobs.ts';
import { createShippingActions } from './shipping-actions.service.ts';
import { createShippingReport } from './shipping-report.service.ts';

/** The handlers of the shippings' queues (SHIPPING_JOBS). */
export function createShippingJobs(deps: {
  db: Kysely<Database>;
  exportFiles: TBlobStore;
  logger: FastifyBaseLogger;
  jobs: TJobQueue;
}): TJob[] {
  const actions = createShippingActions(deps.db, deps.jobs);
  const report = createShippingReport({ db: deps.db, exports: deps.exportFiles, logger: deps.logger });
  return [
    bindJob(SHIPPING_JOBS.expireAuthorisations, {
      run: async () => {
        // Each call expires a bounded batch; keep going until none is left.
        let expired: number[];
        do expired = await actions.expireAuthorisations();
        while (expired.length > 0);
      },
    }),
    bindJob(SHIPPING_JOBS.purgeExports, { run: async () => void (await report.purgeExpired()) }),
  ];
}
