import { z } from 'zod';
import { defineJob } from '../platform/jobs.ts';

/** The imports' queues (imports/import-jobs.ts works them). */
export const IMPORT_JOBS = {
  /** Runs the next phase of an import over the online limit: its dry run (CREATED) or its saving (IN_COURSE). */
  run: defineJob({
    name: 'imports-run',
    payload: z.object({ importId: z.string().regex(/^\d+$/) }),
    retryLimit: 5,
  }),
  /** Scheduled (and at start): re-queues imports a killed copy left in the middle of their work. */
  sweep: defineJob({ name: 'imports-sweep', cron: '* * * * *', retryLimit: 1 }),
};
