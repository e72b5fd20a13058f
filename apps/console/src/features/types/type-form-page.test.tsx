import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alerts, dismissAlert } from '../../alerts/alert-store.ts';
import { resetHostCache } from '../../lib/api-host.ts';
import { session } from '../../session/session-store.ts';
import { makeSessionUser } from '../../test/session-user.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import TypeFormPage from './type-form-page.tsx';

vi.mock('../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const group = (value: number, text: string) => ({ value, text, description: null, blocked: false });
const DETAIL = {
  id: 5,
  companyId: 1,
  companyName: 'Notaría Central',
  name: 'Claims',
  description: null,
  service: 'communication',
  serviceCode: 'PT0004_COMMUNICATION',
  channels: ['email'],
  active: true,
  order: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  custodyTime: null,
  signMethod: null,
  placement: null,
  pinSignatureText: null,
  font: 'helvetica',
  multiSignerOrder: 0,
  identificationDocuments: [],
  otherDocumentsLimit: 0,
  metaProperties: [],
  customFields: [],
  requiresAuth: true,
  authDeadlineHours: 72,
  formControls: [],
  wfUsers: [],
  wfGroups: [group(11, 'Legal')],
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answer(url: string): Response {
  if (url.includes('UtilityServlet')) return json(200, { host: '' });
  if (url.includes('shippings/types/detail')) return json(200, DETAIL);
  if (url.includes('shippings/types/wfGroups?typeId=5')) {
    return json(200, { available: [group(12, 'Claims desk'), group(13, 'Notaries')], selected: [group(11, 'Legal')] });
  }
  if (url.includes('shippings/types/wfUsers')) return json(200, { available: [], selected: [] });
  if (url.includes('shippings/types/update')) return json(200, DETAIL);
  if (url.includes('shippings/types/placement')) return json(200, { pages: [], positions: [] });
  if (url.includes('userCompaniesList')) return json(200, [group(1, 'Notaría Central')]);
  return json(200, []);
}

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(makeSessionUser({ permissions: { types: true }, roles: ['cust_ctr_admin'] }));
  fetchMock = vi.fn(async (input: string) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderEdit() {
  const router = createMemoryRouter(
    [
      { path: '/types/edit/:id', element: <TypeFormPage /> },
      { path: '/types', element: <p>types list</p> },
    ],
    { initialEntries: ['/types/edit/5'] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

describe('the types editor', () => {
  it('picks the authorising groups with the dual-list picker and saves them, in order, with the type', async () => {
    const router = renderEdit();
    const picker = await screen.findByTestId('type-wf-groups-picker');
    const available = within(picker).getByTestId('picker-available');
    const selected = within(picker).getByTestId('picker-selected');
    await waitFor(() => expect(within(available).getByText('Notaries')).toBeTruthy());
    expect(within(selected).getByText('Legal')).toBeTruthy();
    expect(within(available).queryByText('Legal')).toBeNull();

    fireEvent.doubleClick(within(picker).getByTestId('picker-item-13'));
    fireEvent.doubleClick(within(picker).getByTestId('picker-item-12'));
    fireEvent.doubleClick(within(picker).getByTestId('picker-item-11'));
    await waitFor(() => expect(within(selected).getByText('Notaries')).toBeTruthy());
    expect(within(available).getByText('Legal')).toBeTruthy();
    expect(within(picker).getByTestId('picker-selected-count').textContent).toBe('(2)');

    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/types'));
    const update = fetchMock.mock.calls.find(([input]) => String(input).includes('shippings/types/update'));
    expect(JSON.parse(String(update?.[1]?.body))).toMatchObject({ id: 5, companyId: 1, wfGroups: [13, 12] });
  });
});
