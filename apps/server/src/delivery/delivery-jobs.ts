import type { TAppContext } from '../app-context.ts';
import { createCertificateJob } from '../evidence/certificate-job.ts';
import type { TJob } from '../platform/jobs.ts';
import { runPortalExpiry } from '../portal/portal-expiry.ts';
import { DELIVERY_JOBS } from './delivery-job-names.ts';
import { dispatchBatch } from './dispatch.service.ts';
import { sendMessage } from './dispatch-send.ts';
import { sweepDispatch } from './dispatch-sweep.ts';

/**
 * The delivery side's background work. Every queue is declared here so any copy can send to it;
 * a queue without `run` is not worked by this copy.
 */
export function createDeliveryJobs(ctx: TAppContext): TJob[] {
  const sendDeps = {
    db: ctx.db,
    jobs: ctx.jobs,
    blobs: ctx.blobs,
    logger: ctx.app.log,
    get channelAdapters() {
      return ctx.channelAdapters;
    },
  };
  return [
    {
      name: DELIVERY_JOBS.dispatch,
      retryLimit: 8,
      // A fetched batch is dispatched in one transaction (bench/dispatch.ts); a full batch fetches the
      // next at once. A failed batch is retried whole; dispatch is idempotent.
      batchSize: 20,
      localConcurrency: 4,
      pollingIntervalSeconds: 1,
      runBatch: (batch) =>
        dispatchBatch(
          ctx,
          batch.map((data) => String((data as { shippingId: string }).shippingId)),
        ),
    },
    {
      name: DELIVERY_JOBS.send,
      retryLimit: 8,
      // Provider failures do not throw (the message records them), so a batch fails only with the database.
      batchSize: 10,
      localConcurrency: 4,
      pollingIntervalSeconds: 1,
      run: (data) => sendMessage(sendDeps, String((data as { messageId: string }).messageId)),
    },
    createCertificateJob(ctx),
    {
      name: DELIVERY_JOBS.expiry,
      cron: '* * * * *',
      // A failed run is simply the next minute's run: no retries piling up behind the schedule.
      retryLimit: 0,
      run: async () => {
        await runPortalExpiry(ctx);
      },
    },
    { name: DELIVERY_JOBS.sweep, cron: '* * * * *', retryLimit: 1, run: async () => void (await sweepDispatch(ctx)) },
  ];
}
