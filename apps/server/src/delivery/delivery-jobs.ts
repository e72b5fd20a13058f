import type { TAppContext } from '../app-context.ts';
import type { TJob } from '../platform/jobs.ts';
import { runPortalExpiry } from '../portal/portal-expiry.ts';
import { DELIVERY_JOBS } from './delivery-job-names.ts';

/**
 * The delivery side's background work. Every queue is declared here so any copy can send to it;
 * a queue without `run` is not worked by this copy.
 */
export function createDeliveryJobs(ctx: TAppContext): TJob[] {
  return [
    { name: DELIVERY_JOBS.dispatch },
    { name: DELIVERY_JOBS.send },
    { name: DELIVERY_JOBS.certificate },
    {
      name: DELIVERY_JOBS.expiry,
      cron: '* * * * *',
      // A failed run is simply the next minute's run: no retries piling up behind the schedule.
      retryLimit: 0,
      run: async () => {
        await runPortalExpiry(ctx);
      },
    },
  ];
}
