import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetHostCache } from '../../../lib/api-host.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import DashboardPage from './dashboard-page.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DASHBOARD = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-03T23:59:59.999Z',
  scope: 'all',
  timeZone: 'UTC',
  total: 5,
  byState: [
    { state: 'sent', count: 3 },
    { state: 'not_send_error', count: 2 },
    { state: 'closed', count: 0 },
  ],
  byResult: [{ result: 'error', count: 2 }],
  byDay: [
    { day: '2026-11-01', count: 1 },
    { day: '2026-11-02', count: 0 },
    { day: '2026-11-03', count: 4 },
  ],
  pendingAuthorisations: 2,
  recentErrors: [
    {
      requestId: 41,
      reference: 'REF-41',
      subject: 'Bounced notice',
      state: 'not_send_error',
      result: 'error',
      createdAt: '2026-11-03T10:00:00.000Z',
    },
  ],
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  fetchMock = vi.fn(async (input: string) => {
    if (input.includes('UtilityServlet')) return json(200, { host: '' });
    return json(200, DASHBOARD);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderDashboard(permissions: Record<string, boolean>, body: object = DASHBOARD) {
  session.start(makeSessionUser({ permissions }));
  fetchMock.mockImplementation(async (input: string) =>
    input.includes('UtilityServlet') ? json(200, { host: '' }) : json(200, body),
  );
  const router = createMemoryRouter([{ path: '/home', element: <DashboardPage /> }], {
    initialEntries: ['/home?from=2026-11-01&to=2026-11-03'],
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const hrefOf = (element: HTMLElement) => decodeURIComponent(element.getAttribute('href') ?? '');

describe('home dashboard', () => {
  it('asks for the period of the URL in the browser time zone', async () => {
    renderDashboard({ shippingList: true });
    await screen.findByTestId('dashboard-total');
    const call = fetchMock.mock.calls.map(([input]) => input).find((input) => input.includes('shippings/dashboard'));
    const query = new URL(String(call), 'http://x').searchParams;
    expect(Number(query.get('filterFrom'))).toBe(dayjs('2026-11-01').startOf('day').valueOf());
    expect(Number(query.get('filterTo'))).toBe(dayjs('2026-11-03').endOf('day').valueOf());
    expect(query.get('scope')).toBe('all');
    expect(query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('draws each state, result and day as a link named by its label and count', async () => {
    renderDashboard({ shippingList: true });
    const sent = await screen.findByRole('link', { name: 'Sent: 3' });
    expect(hrefOf(sent)).toBe('/shippings/all?filters={"state":"sent"}&from=2026-11-01&to=2026-11-03');
    expect(screen.getByRole('link', { name: 'Sending failed: 2' })).toBeDefined();
    expect(screen.queryByTestId('dashboard-state-closed')).toBeNull();
    const error = screen.getByRole('link', { name: 'Error: 2' });
    expect(hrefOf(error)).toBe('/shippings/all?filters={"result":"error"}&from=2026-11-01&to=2026-11-03');
    const days = within(screen.getByTestId('dashboard-day')).getAllByRole('link');
    expect(days.map((day) => day.getAttribute('data-count'))).toEqual(['1', '0', '4']);
    expect(hrefOf(days[2]!)).toBe('/shippings/all?from=2026-11-03&to=2026-11-03');
    expect(days[2]!.getAttribute('aria-label')).toBe(`${dayjs('2026-11-03').format('L')}: 4`);
  });

  it('links the total, the pending authorisations and each recent error', async () => {
    renderDashboard({ shippingList: true, shippingListOnlyAuth: true });
    const pending = await screen.findByRole('link', { name: 'Waiting for your authorisation: 2' });
    expect(hrefOf(pending)).toBe('/shippings?view=auth');
    expect(hrefOf(screen.getByRole('link', { name: 'Shippings in the period: 5' }))).toBe(
      '/shippings/all?from=2026-11-01&to=2026-11-03',
    );
    expect(hrefOf(screen.getByTestId('dashboard-error-41'))).toBe('/shippings/detail/41');
    expect(screen.getByTestId('dashboard-error-41').textContent).toContain('Bounced notice');
  });

  it('gives an authorisation-only user no scope switch and links into the authorisations view', async () => {
    renderDashboard({ shippingListOnlyAuth: true }, { ...DASHBOARD, scope: 'auth' });
    const sent = await screen.findByRole('link', { name: 'Sent: 3' });
    expect(hrefOf(sent)).toBe('/shippings?filters={"state":"sent"}&from=2026-11-01&to=2026-11-03&view=auth');
    expect(screen.queryByTestId('dashboard-scope')).toBeNull();
    expect(screen.getByTestId('dashboard-pending')).toBeDefined();
  });
});
