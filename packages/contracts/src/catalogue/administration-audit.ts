import { z } from 'zod';
import { pageOf, ZFile, ZLanguage, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { DOMAINS } from './administration-common.ts';

/** A field's change as the trail keeps it: its values, or only that it changed (secrets, blobs). */
export const ZAuditFieldChange = z.union([
  z.object({ before: z.unknown(), after: z.unknown() }),
  z.object({ changed: z.literal(true) }),
]);

export const ZAuditRecord = z.object({
  id: z.number().int(),
  /** The tenant; null for events of no domain (a failed sign-in under a login nobody has). */
  domainId: z.number().int().nullable(),
  at: ZTimestamp,
  actorKind: z.enum(['user', 'api_key', 'system', 'anonymous']),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRoles: z.array(z.string()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), ZAuditFieldChange),
});
export type TAuditRecordRow = z.infer<typeof ZAuditRecord>;

const optionalFilter = z.string().trim().max(100).optional();

/** The screen's filters: a period, who, what kind of record and what was done; `domainid` for super admins. */
export const ZAuditQuery = z.object({
  first: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  actor: optionalFilter,
  entity: optionalFilter,
  action: optionalFilter,
  domainid: z.coerce.number().int().positive().optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditExportQuery = ZAuditQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100_000).default(100_000),
  language: ZLanguage.optional(),
});
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;

export const auditApi = {
  read: defineEndpoint({
    id: 'administration.auditRead',
    method: 'GET',
    path: 'administration/audit/read',
    summary: 'Page of the audit trail, newest first: a domain admin their domain, a super admin every domain',
    permission: DOMAINS,
    beyondSpec: true,
    query: ZAuditQuery,
    response: pageOf(ZAuditRecord),
  }),
  export: defineEndpoint({
    id: 'administration.auditExport',
    method: 'GET',
    path: 'administration/audit/export',
    summary: 'The audit trail under the same filters, as Excel',
    permission: DOMAINS,
    beyondSpec: true,
    query: ZAuditExportQuery,
    response: ZFile,
    responseKind: 'file',
  }),
};
