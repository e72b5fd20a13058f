import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { resetHostCache } from '../../../lib/api-host.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import { DeletedList } from './deleted-list.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DELETED_COMPANY = {
  id: 4,
  domainId: 1,
  name: 'Old Company SL',
  taxId: 'B12345674',
  vatNumber: null,
  email: null,
  ccEmails: null,
  active: true,
  users: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: '2026-02-01T10:00:00.000Z',
  deletedBy: 'Daniel Ortega',
};

const DELETED_TYPE = {
  id: 7,
  companyId: null,
  companyName: null,
  name: 'Certified SMS',
  description: null,
  service: 'certified_sms',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: '2026-02-02T10:00:00.000Z',
  deletedBy: 'Daniel Ortega',
};

const DELETED_SHIPPING = {
  requestId: 31,
  guid: 'abc',
  reference: null,
  subject: 'Deed acceptance',
  service: 'acceptance',
  channel: 'email',
  typeId: 2,
  typeName: 'Deed acceptance',
  companyId: 1,
  companyName: 'Notaría Central S.L.',
  senderId: 5,
  sender: 'Javier Ruiz',
  receiver: 'Ana Gil',
  state: 'no_auth',
  result: null,
  isSandbox: false,
  deleted: true,
  deletedAt: '2026-02-03T10:00:00.000Z',
  deletedBy: 'Javier Ruiz',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-02-03T10:00:00.000Z',
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
let recoverAnswer: () => Response;

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(
    makeSessionUser({ permissions: { administration: true, companyBin: true }, roles: ['cust_ctr_admin'] }),
  );
  fetchMock = vi.fn(async (input: string) => {
    if (input.includes('UtilityServlet')) return json(200, { host: '' });
    if (input.includes('/recover/')) return recoverAnswer();
    if (input.includes('/types/')) return json(200, { rows: [DELETED_TYPE], total: 1 });
    if (input.includes('/shippingslist')) return json(200, { rows: [DELETED_SHIPPING], total: 1 });
    return json(200, { rows: [DELETED_COMPANY], total: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderList(kind: 'companies' | 'types' | 'shippings' = 'companies') {
  const router = createMemoryRouter(
    [{ path: '/administration/deleted', element: <DeletedList kind={kind} showTitle={false} /> }],
    { initialEntries: ['/administration/deleted'] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

describe('deleted items list', () => {
  it('reads the deleted records, newest deletion first, and shows who deleted each and when', async () => {
    renderList();
    const row = await screen.findByTestId('row-4');
    expect(row.textContent).toContain('Old Company SL');
    expect(row.textContent).toContain('Daniel Ortega');
    const readUrl = new URL(String(fetchMock.mock.calls.find(([input]) => input.includes('/read'))?.[0]), 'http://x');
    expect(readUrl.pathname).toBe('/rest/services/administration/companies/read');
    expect(JSON.parse(readUrl.searchParams.get('filters') ?? '')).toEqual({ deleted: true });
    expect(readUrl.searchParams.get('sortField')).toBe('deletedAt');
    expect(readUrl.searchParams.get('sortOrder')).toBe('-1');
  });

  it('recovers a record', async () => {
    recoverAnswer = () => json(200, { ok: true });
    renderList();
    fireEvent.click(await screen.findByTestId('row-recover-4'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['DELETED_RECOVERED_OK']));
    const recover = fetchMock.mock.calls.find(([input]) => input.includes('/recover/'));
    expect(recover?.[0]).toBe('/rest/services/administration/companies/recover/4');
    expect(recover?.[1]?.method).toBe('PUT');
  });

  it('explains a recover refused because the tax id now belongs to another company', async () => {
    recoverAnswer = () => json(409, { key: 'ERR_CONFLICT', fields: { taxId: 'ERR_CONFLICT' } });
    renderList();
    fireEvent.click(await screen.findByTestId('row-recover-4'));
    await waitFor(() => expect(alerts.get()).toHaveLength(1));
    expect(alerts.get()[0]).toMatchObject({
      kind: 'error',
      key: 'DELETED_RECOVER_CONFLICT',
      params: { name: 'Old Company SL', field: 'tax id' },
    });
  });

  it('lists deleted types and explains a recover refused because the name is taken again', async () => {
    recoverAnswer = () => json(409, { key: 'ERR_CONFLICT', fields: { name: 'ERR_CONFLICT' } });
    renderList('types');
    const row = await screen.findByTestId('row-7');
    expect(row.textContent).toContain('Certified SMS');
    expect(row.textContent).toContain('Daniel Ortega');
    const readUrl = new URL(
      String(fetchMock.mock.calls.find(([input]) => input.includes('/readList'))?.[0]),
      'http://x',
    );
    expect(readUrl.pathname).toBe('/rest/services/shippings/types/readList');
    expect(JSON.parse(readUrl.searchParams.get('filters') ?? '')).toEqual({ deleted: true });
    fireEvent.click(screen.getByTestId('row-recover-7'));
    await waitFor(() => expect(alerts.get()).toHaveLength(1));
    expect(alerts.get()[0]).toMatchObject({
      kind: 'error',
      key: 'DELETED_RECOVER_CONFLICT',
      params: { name: 'Certified SMS', field: 'name' },
    });
    expect(fetchMock.mock.calls.find(([input]) => input.includes('/recover/'))?.[0]).toBe(
      '/rest/services/shippings/types/recover/7',
    );
  });

  it('lists every deleted shipping the user manages and recovers one by its request id', async () => {
    recoverAnswer = () => json(200, { ok: true });
    renderList('shippings');
    const row = await screen.findByTestId('row-31');
    expect(row.textContent).toContain('Deed acceptance');
    expect(row.textContent).toContain('Javier Ruiz');
    const readUrl = new URL(
      String(fetchMock.mock.calls.find(([input]) => input.includes('/shippingslist'))?.[0]),
      'http://x',
    );
    expect(readUrl.searchParams.get('scope')).toBe('all');
    expect(JSON.parse(readUrl.searchParams.get('filters') ?? '')).toEqual({ deleted: true });
    fireEvent.click(screen.getByTestId('row-recover-31'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['DELETED_RECOVERED_OK']));
    expect(fetchMock.mock.calls.find(([input]) => input.includes('/recover/'))?.[0]).toBe(
      '/rest/services/shippings/recover/31',
    );
  });
});
