import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { purgeAuditRecords } from '../platform/audit.queries.ts';
import { AUDIT_JOBS } from '../platform/job-catalogue.ts';
import { bindJob, type TJob } from '../platform/jobs.ts';

/** The handler of the audit trail's queue (AUDIT_JOBS). */
export function createAuditJobs(deps: {
  db: Kysely<Database>;
  logger: FastifyBaseLogger;
  retentionDays: number;
}): TJob[] {
  return [
    bindJob(AUDIT_JOBS.purge, {
      run: async () => {
        const purged = await purgeAuditRecords(deps.db, deps.retentionDays);
        if (purged > 0) deps.logger.info({ purged, retentionDays: deps.retentionDays }, 'audit records purged');
      },
    }),
  ];
}
