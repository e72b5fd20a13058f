import type { TAuditRecordRow } from '@sello/contracts/catalogue/administration-audit';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/test-i18n.ts';
import { AuditChanges } from './audit-changes.tsx';
import { describeFieldChanges, toAuditQuery } from './audit-query.ts';

const RECORD: TAuditRecordRow = {
  id: 12,
  domainId: 1,
  at: '2026-12-07T02:00:00.000Z',
  actorKind: 'user',
  actorUserId: 3,
  actorName: 'domain.admin',
  actorRoles: ['ROLE_DOMAIN_ADMIN'],
  ip: '203.0.113.9',
  userAgent: 'Firefox/140',
  entity: 'users',
  entityId: '8',
  action: 'update',
  changes: {
    password: { changed: true },
    blocked: { before: false, after: true },
    groupIds: { before: [1], after: [1, 4] },
    description: { before: null, after: 'Audited' },
  },
};

beforeAll(() => initTestI18n('en-en'));

describe('audit screen', () => {
  it('builds the read query from the filters, leaving empty ones out', () => {
    expect(toAuditQuery({ actor: '  ', entity: 'users', action: undefined }, { first: 40, pageSize: 20 })).toEqual({
      first: 40,
      pageSize: 20,
      entity: 'users',
    });
    const from = '2026-12-01T00:00:00.000Z';
    const to = '2026-12-08T00:00:00.000Z';
    expect(
      toAuditQuery({ from, to, actor: ' ana ', action: 'sign-in', domainid: 2 }, { first: 0, pageSize: 20 }),
    ).toEqual({ first: 0, pageSize: 20, from, to, actor: 'ana', action: 'sign-in', domainid: 2 });
  });

  it('lists each changed field in order, a secret without its values', () => {
    expect(describeFieldChanges(RECORD.changes)).toEqual([
      { field: 'blocked', secret: false, before: 'false', after: 'true' },
      { field: 'description', secret: false, before: '—', after: 'Audited' },
      { field: 'groupIds', secret: false, before: '[1]', after: '[1,4]' },
      { field: 'password', secret: true, before: '', after: '' },
    ]);
  });

  it('shows a record’s detail: where it came from and the fields before and after', () => {
    render(<AuditChanges record={RECORD} />);
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Firefox/140')).toBeTruthy();
    expect(screen.getByText('Audited')).toBeTruthy();
    expect(screen.getByText('[1,4]')).toBeTruthy();
    expect(screen.getAllByText('changed (not shown)')).toHaveLength(2);
  });

  it('says so when a record changed no field', () => {
    render(<AuditChanges record={{ ...RECORD, id: 13, action: 'sign-out', changes: {} }} />);
    expect(screen.getByText('No field changes recorded.')).toBeTruthy();
  });
});
