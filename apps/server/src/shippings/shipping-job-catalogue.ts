import { defineJob } from '../platform/jobs.ts';

/** The shippings' scheduled queues; shippings/shipping-jobs.ts binds their handlers. */
export const SHIPPING_JOBS = {
  /** Authorisation periods that run out become `auths_expired`. */
  expireAuthorisations: defineJob({ name: 'shippings-expire-authorisations', cron: '* * * * *' }),
  /** Prepared exports are deleted once their offer expires. */
  purgeExports: defineJob({ name: 'shippings-purge-exports', cron: '17 * * * *' }),
};
