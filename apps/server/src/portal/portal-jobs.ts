import type { TAppContext } from '../app-context.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';
import { runPortalExpiry } from './portal-expiry.ts';

/** The portal's background work: the scheduled expiry of unanswered shippings and their reminders. */
export function createPortalJobs(ctx: TAppContext): TJob[] {
  return [
    bindJob(DELIVERY_JOBS.expiry, {
      run: async () => {
        await runPortalExpiry(ctx);
      },
    }),
  ];
}
