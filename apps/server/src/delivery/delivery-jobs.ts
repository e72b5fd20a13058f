import type { TAppContext } from '../app-context.ts';
import type { TJob } from '../platform/jobs.ts';
import { DELIVERY_JOBS } from './delivery-job-names.ts';
import { dispatchShipping } from './dispatch.service.ts';
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
    logger: ctx.app.log,
    get channelAdapters() {
      return ctx.channelAdapters;
    },
  };
  return [
    {
      name: DELIVERY_JOBS.dispatch,
      retryLimit: 8,
      // Each dispatch is one short transaction: several at once keep both cores busy (bench/dispatch.ts).
      batchSize: 8,
      localConcurrency: 4,
      pollingIntervalSeconds: 1,
      run: async (data) => void (await dispatchShipping(ctx, String((data as { shippingId: string }).shippingId))),
    },
    {
      name: DELIVERY_JOBS.send,
      retryLimit: 8,
      batchSize: 1,
      localConcurrency: 4,
      pollingIntervalSeconds: 1,
      run: (data) => sendMessage(sendDeps, String((data as { messageId: string }).messageId)),
    },
    { name: DELIVERY_JOBS.certificate },
    { name: DELIVERY_JOBS.expiry },
    { name: DELIVERY_JOBS.sweep, cron: '* * * * *', retryLimit: 1, run: async () => void (await sweepDispatch(ctx)) },
  ];
}
