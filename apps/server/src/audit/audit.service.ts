import type { TAuditExportQuery, TAuditQuery, TAuditRecordRow } from '@sello/contracts/catalogue/administration-audit';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { assertDomainAdministrator } from '../platform/admin-access.ts';
import type { TAuditRow } from '../platform/audit.queries.ts';
import { sendExcel } from '../platform/excel-export.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { resolveDomainScope } from '../platform/tenancy.ts';
import { auditLabels } from './audit-labels.ts';
import { countAuditRecords, selectAuditRecords } from './audit-read.queries.ts';

function toRecord(row: TAuditRow): TAuditRecordRow {
  const domainId = Number(row.domainId);
  return {
    id: Number(row.id),
    domainId: domainId === 0 ? null : domainId,
    at: row.at.toISOString(),
    actorKind: row.actorKind,
    actorUserId: row.actorUserId === null ? null : Number(row.actorUserId),
    actorName: row.actorName,
    actorRoles: row.actorRoles,
    ip: row.ip,
    userAgent: row.userAgent,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes as TAuditRecordRow['changes'],
  };
}

/** One line per changed field: `field: before → after`, or `field: changed` for a secret. */
function describeChanges(changes: TAuditRecordRow['changes']): string {
  return Object.entries(changes)
    .map(([field, change]) =>
      'changed' in change
        ? `${field}: *`
        : `${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    )
    .join('\n');
}

async function* mapRows(rows: AsyncIterable<TAuditRow>): AsyncIterable<TAuditRecordRow> {
  for await (const row of rows) yield toRecord(row);
}

export function createAuditService(db: Kysely<Database>) {
  /** Super admins read every tenant (or the one named); domain admins their own. */
  function scopeOf(principal: TPrincipal, query: TAuditQuery): string | null {
    assertDomainAdministrator(principal);
    if (principal.superAdmin && query.domainid === undefined) return null;
    return resolveDomainScope(principal, query.domainid);
  }

  async function read(principal: TPrincipal, query: TAuditQuery) {
    const domainId = scopeOf(principal, query);
    const [rows, total] = await Promise.all([
      selectAuditRecords(db, domainId, query).offset(query.first).limit(query.pageSize).execute(),
      countAuditRecords(db, domainId, query),
    ]);
    return { rows: rows.map(toRecord), total };
  }

  async function exportList(principal: TPrincipal, query: TAuditExportQuery, reply: FastifyReply) {
    const domainId = scopeOf(principal, query);
    const label = auditLabels(query.language ?? principal.language);
    const rows = selectAuditRecords(db, domainId, query).offset(query.first).limit(query.pageSize).stream(500);
    return sendExcel<TAuditRecordRow>(
      reply,
      'audit.xlsx',
      label.sheet,
      [
        { header: label.at, dateTime: true, value: (row) => new Date(row.at) },
        { header: label.domain, width: 10, value: (row) => row.domainId },
        { header: label.actor, width: 25, value: (row) => row.actorName ?? row.actorKind },
        { header: label.roles, width: 25, value: (row) => row.actorRoles.join(', ') },
        { header: label.ip, width: 18, value: (row) => row.ip },
        { header: label.userAgent, width: 30, value: (row) => row.userAgent },
        { header: label.entity, value: (row) => row.entity },
        { header: label.entityId, width: 12, value: (row) => row.entityId },
        { header: label.action, value: (row) => row.action },
        { header: label.changes, width: 60, value: (row) => describeChanges(row.changes) },
      ],
      mapRows(rows),
    );
  }

  return { read, exportList };
}
