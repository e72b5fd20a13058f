import { render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetHostCache } from '../../lib/api-host.ts';
import { session } from '../../session/session-store.ts';
import { makeSessionUser } from '../../test/session-user.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import LoginPage from './login-page.tsx';
import SamlLoginPage from './saml-login-page.tsx';

const SAML_LOGIN_URL = '/rest/services/security/saml/samllogin';

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/saml/samllogin', element: <SamlLoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>screen /home</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
  return router;
}

const samlCalls = () => fetchMock.mock.calls.filter(([url]) => url === SAML_LOGIN_URL);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('SamlLoginPage (/saml/samllogin)', () => {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });

  beforeEach(() => {
    session.clear();
    resetHostCache();
    localStorage.setItem('frontendweb_host', '');
    fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the response once, drops it from the address and lands after the sign-in', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === SAML_LOGIN_URL ? json(makeSessionUser({ language: 'en-en' })) : new Response('{}'),
    );
    const router = renderAt('/saml/samllogin?SAMLResponse=UkVTUE9OU0U%3D');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(session.isLoggedIn()).toBe(true);
    expect(samlCalls()).toHaveLength(1);
    expect(JSON.parse(String(samlCalls()[0]?.[1]?.body))).toEqual({ saml_assertion: 'UkVTUE9OU0U=' });
  });

  it("shows the server's refusal, translated, on the login page", async () => {
    fetchMock.mockImplementation(async (url) =>
      url === SAML_LOGIN_URL ? json({ key: 'ERR_SAML_REPLAYED' }, 401) : new Response('{}'),
    );
    const router = renderAt('/saml/samllogin?SAMLResponse=UkVTUE9OU0U%3D');
    const error = await screen.findByTestId('login-error');
    expect(router.state.location.pathname).toBe('/login');
    expect(error.getAttribute('data-key')).toBe('ERR_SAML_REPLAYED');
    expect(error.textContent).toBe('This sign-in answer was already used. Sign in again.');
    expect(session.isLoggedIn()).toBe(false);
  });

  it('shows a refusal the server sent in the address without calling it', async () => {
    renderAt('/saml/samllogin?error=ERR_SAML_PROVIDER_UNKNOWN');
    const error = await screen.findByTestId('login-error');
    expect(error.getAttribute('data-key')).toBe('ERR_SAML_PROVIDER_UNKNOWN');
    expect(samlCalls()).toHaveLength(0);
  });
});
