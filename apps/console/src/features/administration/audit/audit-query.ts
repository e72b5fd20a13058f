import type { TAuditQuery, TAuditRecordRow } from '@sello/contracts/catalogue/administration-audit';

/** What the screen's filters hold; `domainid` only for super admins (absent: every domain). */
export type TAuditFilters = {
  from?: string;
  to?: string;
  actor?: string;
  entity?: string;
  action?: string;
  domainid?: number;
};

/** The kinds of record the server writes, offered in the entity filter. */
export const AUDIT_ENTITIES = [
  'domain',
  'companies',
  'users',
  'groups',
  'certificates',
  'saml_certificates',
  'identity_providers',
  'shipping_types',
  'templates',
  'sessions',
  'api_keys',
  'webhook_endpoints',
  'preferences',
  'domain_preferences',
  'imports',
] as const;

/** What the server records as done, offered in the action filter. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'recover',
  'unblock',
  'update-document-types',
  'update-templates',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'lock',
  'two-factor-lock',
  'two-factor-enrol',
  'two-factor-reset',
  'password-change',
  'password-recovery-request',
  'account-update',
  'preferences',
  'rotate',
  'revoke',
  'retry',
] as const;

/** The read call's query for a page under the filters; empty filters are left out. */
export function toAuditQuery(filters: TAuditFilters, page: { first: number; pageSize: number }): Partial<TAuditQuery> {
  const query: Partial<TAuditQuery> = { first: page.first, pageSize: page.pageSize };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const actor = filters.actor?.trim();
  if (actor) query.actor = actor;
  if (filters.entity) query.entity = filters.entity;
  if (filters.action) query.action = filters.action;
  if (filters.domainid !== undefined) query.domainid = filters.domainid;
  return query;
}

/** One line of a record's detail: a field and its values, or `secret` when only its change is kept. */
export type TFieldChangeLine = { field: string; secret: boolean; before: string; after: string };

function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A record's field changes in field order, values as text. */
export function describeFieldChanges(changes: TAuditRecordRow['changes']): TFieldChangeLine[] {
  return Object.keys(changes)
    .sort()
    .map((field) => {
      const change = changes[field]!;
      if ('changed' in change) return { field, secret: true, before: '', after: '' };
      return { field, secret: false, before: showValue(change.before), after: showValue(change.after) };
    });
}
