import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { reportStuckWork } from '../platform/metrics.ts';
import { confirmCancellation } from './cancel-confirm.ts';
import { dispatchBatch } from './dispatch.service.ts';
import { sendMessage } from './dispatch-send.ts';
import { sweepDispatch } from './dispatch-sweep.ts';

/** The delivery side's background work: dispatch, sending, cancellation and the sweep of DELIVERY_JOBS. */
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
    bindJob(DELIVERY_JOBS.dispatch, {
      runBatch: (payloads) =>
        dispatchBatch(
          ctx,
          payloads.map((payload) => payload.shippingId),
        ),
    }),
    bindJob(DELIVERY_JOBS.confirmCancel, {
      run: async (payload) => void (await confirmCancellation(ctx, payload.shippingId)),
    }),
    bindJob(DELIVERY_JOBS.send, { run: (payload) => sendMessage(sendDeps, payload.messageId) }),
    bindJob(DELIVERY_JOBS.sweep, { run: async () => reportStuckWork(ctx.app.log, await sweepDispatch(ctx)) }),
  ];
}
