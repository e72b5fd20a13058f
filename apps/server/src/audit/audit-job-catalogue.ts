import { defineJob } from '../platform/jobs.ts';

/** The audit trail's scheduled queue; audit/audit-jobs.ts binds its handler. */
export const AUDIT_JOBS = {
  /** Records older than AUDIT_RETENTION_DAYS leave the trail, the oldest end of each tenant's chain first. */
  purge: defineJob({ name: 'audit-purge', cron: '41 3 * * *' }),
};
