import { adminPaths } from '@sello/contracts/routes';
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
import CompanyFormPage from './company-form-page.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const NEW_URL = '/rest/services/administration/companies/new';
let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
let answer: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(makeSessionUser({ permissions: { administration: true }, roles: ['cust_ctr_admin'] }));
  fetchMock = vi.fn(async (input: string) => {
    if (input.includes('UtilityServlet')) return json(200, { host: '' });
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderCreate(listSearch?: string) {
  const router = createMemoryRouter(
    [
      { path: adminPaths('companies').create, element: <CompanyFormPage /> },
      { path: '/administration/companies', element: <p>companies list</p> },
    ],
    { initialEntries: [{ pathname: '/administration/companies/create/1', state: listSearch ? { listSearch } : null }] },
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

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(url));
const fieldError = (field: string) => document.getElementById(`company_${field}_help`)?.textContent ?? '';

describe('company form', () => {
  it.each([
    ['123', 'Tax id: Write the tax id as one letter, seven digits and a final letter or digit, for example B12345674.'],
    ['B12345678', 'Tax id: This is not a valid Spanish tax id (CIF, NIF or NIE): check its last character.'],
  ])('shows the invalid tax id %s next to the field and sends nothing', async (taxId, message) => {
    renderCreate();
    type('field-name', 'Flow SL');
    type('field-taxId', taxId);
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(fieldError('taxId')).toBe(message));
    expect(calls(NEW_URL)).toHaveLength(0);
  });

  it('says a missing name is required', async () => {
    renderCreate();
    type('field-taxId', 'B12345674');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(fieldError('name')).toBe('Company name: This field is required.'));
  });

  it('drops a field error once the field changes', async () => {
    renderCreate();
    type('field-taxId', '123');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(fieldError('taxId')).not.toBe(''));
    type('field-taxId', 'B12345674');
    await waitFor(() => expect(fieldError('taxId')).toBe(''));
  });

  it('shows the server field error (tax id in use) next to the field and stays on the form', async () => {
    answer = () => json(409, { key: 'ERR_CONFLICT', fields: { taxId: 'ERR_CONFLICT' } });
    const router = renderCreate();
    type('field-name', 'Flow SL');
    type('field-taxId', 'b12345674');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(fieldError('taxId')).toBe('Tax id: This value is already in use.'));
    expect(router.state.location.pathname).toBe('/administration/companies/create/1');
    const [, init] = calls(NEW_URL)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Flow SL',
      taxId: 'B12345674',
      active: true,
      smsUcs2Allowed: true,
    });
  });

  it('shows a server validation error on a field under that field', async () => {
    answer = () => json(400, { key: 'ERR_VALIDATION', fields: { vatNumber: 'ERR_FIELD_INVALID' } });
    renderCreate();
    type('field-name', 'Flow SL');
    type('field-taxId', 'B12345674');
    type('field-vatNumber', 'ESB12345674');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(fieldError('vatNumber')).toBe('EU VAT number: This value is not valid.'));
  });

  it('saves and goes back to the list with a message', async () => {
    answer = () =>
      json(200, {
        id: 9,
        domainId: 1,
        name: 'Flow SL',
        taxId: 'B12345674',
        vatNumber: null,
        email: null,
        ccEmails: null,
        active: true,
        smsUcs2Allowed: true,
        users: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        deletedAt: null,
        deletedBy: null,
      });
    const router = renderCreate('?page=2&filters=%7B%22name%22%3A%22flow%22%7D');
    type('field-name', 'Flow SL');
    type('field-taxId', 'B12345674');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/administration/companies'));
    // Back on the list as it was left.
    expect(router.state.location.search).toBe('?page=2&filters=%7B%22name%22%3A%22flow%22%7D');
    expect(alerts.get().map((alert) => alert.key)).toEqual(['ADMIN_SAVED_OK']);
    // A domain admin works in their own domain: no domainid is sent.
    expect(String(calls(NEW_URL)[0]?.[0])).toBe(NEW_URL);
  });
});
