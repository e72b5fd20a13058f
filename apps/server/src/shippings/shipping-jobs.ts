import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJob, TJobQueue } from '../platform/jobs.ts';
import { createShippingActions } from './shipping-actions.service.ts';
import { createShippingReport } from './shipping-report.service.ts';

export const EXPIRE_AUTHORISATIONS_JOB = 'shippings-expire-authorisations';
export const PURGE_EXPORTS_JOB = 'shippings-purge-exports';

/**
 * Background work of the shippings: authorisation periods that run out become `auths_expired`, and
 * prepared exports are deleted once their offer expires.
 */
export function createShippingJobs(deps: {
  db: Kysely<Database>;
  exportFiles: TBlobStore;
  logger: FastifyBaseLogger;
  jobs: TJobQueue;
}): TJob[] {
  const actions = createShippingActions(deps.db, deps.jobs);
  const report = createShippingReport({ db: deps.db, exports: deps.exportFiles, logger: deps.logger });
  return [
    {
      name: EXPIRE_AUTHORISATIONS_JOB,
      cron: '* * * * *',
      run: async () => {
        // Each call expires a bounded batch; keep going until none is left.
        let expired: number[];
        do expired = await actions.expireAuthorisations();
        while (expired.length > 0);
      },
    },
    { name: PURGE_EXPORTS_JOB, cron: '17 * * * *', run: async () => void (await report.purgeExpired()) },
  ];
}
