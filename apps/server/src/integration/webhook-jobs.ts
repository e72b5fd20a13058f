import { WEBHOOK_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { createWebhookDelivery, type TWebhookDeliveryDeps } from './webhook-delivery.ts';

/** The webhooks' queue: a fetched batch is posted at once and logged together (webhook-delivery.ts). */
export function createWebhookJobs(deps: TWebhookDeliveryDeps): TJob[] {
  return [bindJob(WEBHOOK_JOBS.deliver, { runBatch: createWebhookDelivery(deps) })];
}
