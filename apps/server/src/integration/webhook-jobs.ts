import { WEBHOOK_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { createWebhookDelivery, type TWebhookDeliveryDeps } from './webhook-delivery.ts';

/** The webhooks' queue: a fetched batch is posted at once (each attempt logs its own outcome and never throws). */
export function createWebhookJobs(deps: TWebhookDeliveryDeps): TJob[] {
  const deliver = createWebhookDelivery(deps);
  return [
    bindJob(WEBHOOK_JOBS.deliver, {
      runBatch: async (payloads) => {
        const settled = await Promise.allSettled(payloads.map(deliver));
        const failed = settled.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
      },
    }),
  ];
}
