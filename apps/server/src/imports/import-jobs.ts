import type { TAppContext } from '../app-context.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import { IMPORT_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { requeueStaleWork } from '../platform/stale-work.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createImportRun } from './import-run.service.ts';
import { selectStalledImports } from './imports.queries.ts';

/** An import whose copy is alive is touched after every batch (seconds apart); this long untouched, it is stalled. */
const STALLED_AFTER_SECONDS = 30;

export function createImportJobs(ctx: TAppContext): TJob[] {
  const creation = createShippingCreation({
    db: ctx.db,
    blobs: ctx.blobs,
    preferences: ctx.preferences,
    jobs: ctx.jobs,
    composeSms: createShippingSmsComposer(ctx),
  });
  const run = createImportRun({
    db: ctx.db,
    blobs: ctx.blobs,
    jobs: ctx.jobs,
    creation,
    batchRows: ctx.config.IMPORT_BATCH_ROWS,
  });
  // The first sweep of a starting copy takes every unfinished import at once: a copy that was killed
  // is starting again. Work taken twice is safe (rows are locked and marked with their shipping).
  let started = false;
  return [
    bindJob(IMPORT_JOBS.run, { run: (payload) => run.advance(payload.importId) }),
    bindJob(IMPORT_JOBS.sweep, {
      run: async () => {
        const stalled = await selectStalledImports(ctx.db, started ? STALLED_AFTER_SECONDS : 0);
        started = true;
        await requeueStaleWork(
          { jobs: ctx.jobs, logger: ctx.app.log },
          IMPORT_JOBS.run,
          stalled.map((record) => ({ importId: record.id })),
          'stale',
        );
      },
    }),
  ];
}
