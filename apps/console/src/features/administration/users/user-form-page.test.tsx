import { DEFAULT_PERMISSIONS_BY_ROLE } from '@sello/contracts/role-rules';
import { adminPaths } from '@sello/contracts/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { resetHostCache } from '../../../lib/api-host.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import UserFormPage from './user-form-page.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ROLES = [
  { value: 4, text: 'Manager', description: 'cust_ctr_mgr', blocked: false },
  { value: 5, text: 'User', description: 'cust_ctr_user', blocked: false },
];
const MY_FLAGS = { administration: true, shippingList: true, newSend: true, editMode: true, shpBin: true } as const;

const DETAIL = {
  id: 7,
  domainId: 1,
  userid: 'ana.user',
  name: 'Ana User',
  email: 'ana@example.com',
  roles: ['cust_ctr_admin'],
  language: 'en-en',
  active: true,
  blocked: false,
  isSandbox: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  deletedBy: null,
  roleId: 3,
  companyIds: [],
  groupIds: [],
  permissions: MY_FLAGS,
  failedAttempts: 0,
};

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(makeSessionUser({ id: 7, permissions: MY_FLAGS, roles: ['cust_ctr_admin'] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.includes('UtilityServlet')) return json(200, { host: '' });
      if (input.includes('rolesList')) return json(200, ROLES);
      if (input.includes('users/detail')) return json(200, DETAIL);
      return json(200, []);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderAt(url: string) {
  const paths = adminPaths('users');
  const router = createMemoryRouter(
    [
      { path: paths.create, element: <UserFormPage /> },
      { path: paths.edit, element: <UserFormPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const flagBox = (flag: string) =>
  within(screen.getByTestId(`permission-${flag}`).closest('label') as HTMLElement).getByRole(
    'checkbox',
  ) as HTMLInputElement;

describe('user form', () => {
  it('ticks the usual permissions of the role chosen, only among the flags the administrator holds', async () => {
    renderAt('/administration/users/create/1');
    fireEvent.mouseDown(within(await screen.findByTestId('field-roleId')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Manager'));
    await waitFor(() => expect(flagBox('shippingList').checked).toBe(true));
    const expected = DEFAULT_PERMISSIONS_BY_ROLE.manager.filter((flag) => flag in MY_FLAGS);
    for (const flag of expected) expect(flagBox(flag).checked).toBe(true);
    // The manager's usual `templates` flag is not the administrator's to give.
    expect(flagBox('templates').checked).toBe(false);
    expect(flagBox('templates').disabled).toBe(true);
    expect(flagBox('newSend').disabled).toBe(false);
  });

  it('names the roles in the console language, whatever name the server gives them', async () => {
    await i18next.changeLanguage('es-es');
    try {
      renderAt('/administration/users/create/1');
      fireEvent.mouseDown(within(await screen.findByTestId('field-roleId')).getByRole('combobox'));
      await screen.findByText('Gestor');
      const options = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
      expect(options).toEqual(['Gestor', 'Usuario']);
    } finally {
      await i18next.changeLanguage('en-en');
    }
  });

  it('translates every permission flag', async () => {
    renderAt('/administration/users/create/1');
    const label = (flag: string) => screen.getByTestId(`permission-${flag}`).closest('label')?.textContent;
    await screen.findByTestId('permission-shpBin');
    expect(label('shpBin')).toBe('Deleted shippings');
    expect(label('administrationSaml')).toBe('SAML certificates');
  });

  it('keeps administrators from changing their own role, flags, state and block', async () => {
    renderAt('/administration/users/edit/7/1');
    await screen.findByTestId('user-form');
    expect(flagBox('shippingList').disabled).toBe(true);
    expect(
      (
        within(screen.getByTestId('field-active').closest('label') as HTMLElement).getByRole(
          'checkbox',
        ) as HTMLInputElement
      ).disabled,
    ).toBe(true);
    expect(screen.getByTestId('field-blocked').getAttribute('disabled')).not.toBeNull();
  });
});
