import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetHostCache } from '../../lib/api-host.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import { newPasswordErrors } from './new-password-fields.tsx';
import PasswordRecoveryPage from './password-recovery-page.tsx';

const API = '/rest/services/security/';
let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const callsTo = (name: string) => fetchMock.mock.calls.filter(([url]) => url === `${API}${name}`);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/pwdrcvmail', element: <PasswordRecoveryPage /> }], {
    initialEntries: [url],
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('newPasswordErrors', () => {
  it('applies the shared policy and the repetition', () => {
    const context = { minLength: 12, login: 'ana.ruiz' };
    expect(newPasswordErrors({ newpassword: '', confirm: '' }, context)).toEqual({
      newpassword: 'ERR_FIELD_REQUIRED',
      confirm: 'ERR_FIELD_REQUIRED',
    });
    expect(newPasswordErrors({ newpassword: 'qwerty123456', confirm: 'x' }, context)).toEqual({
      newpassword: 'ERR_PWD_COMMON',
      confirm: 'ERR_PWD_MISMATCH',
    });
    expect(newPasswordErrors({ newpassword: 'a fine long phrase', confirm: 'a fine long phrase' }, context)).toEqual(
      {},
    );
  });
});

describe('PasswordRecoveryPage', () => {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });
  beforeEach(() => {
    resetHostCache();
    localStorage.setItem('frontendweb_host', '');
    fetchMock = vi.fn(async (url: string) => {
      if (url === `${API}UtilityServlet`)
        return json({ host: '', version: '1', production: false, passwordMinLength: 14 });
      if (url === `${API}pwdrecoverlogin`) {
        return json({ id: 7, userid: 'ana.ruiz', email: 'ana@x.local', roles: [], token: 'change-token' });
      }
      if (url === `${API}pwdchg`) return json({ ok: true });
      if (url === `${API}pwdrecover`) return json({ ok: true });
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('without tokens asks for the login and calls pwdrecover', async () => {
    renderAt('/pwdrcvmail');
    type('recover-login', ' ana.ruiz ');
    fireEvent.submit(screen.getByTestId('forgot-password-form'));
    await screen.findByTestId('recover-sent');
    expect(JSON.parse(String(callsTo('pwdrecover')[0]?.[1]?.body))).toEqual({ login: 'ana.ruiz', language: 'en-en' });
  });

  it('with tokens checks the link, shows what is wrong as the user types and sends pwdchg with its token', async () => {
    renderAt('/pwdrcvmail?recoveryToken=r1&loginToken=l1');
    await screen.findByTestId('set-password-form');
    expect(JSON.parse(String(callsTo('pwdrecoverlogin')[0]?.[1]?.body))).toEqual({
      recoveryToken: 'r1',
      loginToken: 'l1',
    });
    type('new-password', 'my ana.ruiz key');
    expect(screen.getByTestId('newpassword-error').textContent).toBe('The password must not contain your user name.');
    // The configured minimum (14 here) is the one applied.
    type('new-password', 'thirteen char');
    expect(await screen.findByText('The password is too short.')).toBeTruthy();
    type('new-password', 'a long enough phrase');
    type('confirm-password', 'a long enough phrase');
    fireEvent.submit(screen.getByTestId('set-password-form'));
    await screen.findByTestId('password-set');
    const [, init] = callsTo('pwdchg')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      recoveryToken: 'r1',
      loginToken: 'l1',
      newpassword: 'a long enough phrase',
    });
    expect((init?.headers as Record<string, string> | undefined)?.['auth-token']).toBe('change-token');
  });

  it('passes ERR_PWD_RECOVER_TOKEN on to the screen for a bad link', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === `${API}pwdrecoverlogin` ? json({ key: 'ERR_PWD_RECOVER_TOKEN' }, 401) : json({}),
    );
    renderAt('/pwdrcvmail?recoveryToken=r1&loginToken=l1');
    const error = await screen.findByTestId('recovery-error');
    expect(error.getAttribute('data-key')).toBe('ERR_PWD_RECOVER_TOKEN');
  });
});
