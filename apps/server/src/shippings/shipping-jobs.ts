import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TJob } from '../platform/jobs.ts';
import { createShippingActions } from './shipping-actions.service.ts';

export const EXPIRE_AUTHORISATIONS_JOB = 'shippings-expire-authorisations';

/** Background work of the shippings: authorisation periods that run out become `auths_expired`. */
export function createShippingJobs(db: Kysely<Database>): TJob[] {
  const actions = createShippingActions(db);
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
  ];
}
