import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { resetHostCache } from '../../lib/api-host.ts';
import { session } from '../../session/session-store.ts';
import { makeSessionUser } from '../../test/session-user.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import LoginPage, { loginFieldErrors } from './login-page.tsx';

const LOGIN_URL = '/rest/services/security/login';
const REQUIRED = 'This field is required.';

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>screen /home</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <RouterProvider router={router} />
    </ConfigProvider>,
  );
  return router;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function submit() {
  fireEvent.submit(screen.getByTestId('login-form'));
}

const loginCalls = () => fetchMock.mock.calls.filter(([url]) => url === LOGIN_URL);

describe('loginFieldErrors', () => {
  it('requires both fields and counts a user name of blanks as empty', () => {
    expect(loginFieldErrors({ login: '', password: '' })).toEqual({
      login: 'ERR_FIELD_REQUIRED',
      password: 'ERR_FIELD_REQUIRED',
    });
    expect(loginFieldErrors({ login: '   ', password: 'x' })).toEqual({ login: 'ERR_FIELD_REQUIRED' });
    expect(loginFieldErrors({ login: 'ana', password: ' ' })).toEqual({});
  });
});

describe('LoginPage', () => {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });

  beforeEach(() => {
    resetHostCache();
    localStorage.setItem('frontendweb_host', '');
    fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows no message before the user does anything', () => {
    renderLogin();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(screen.getByLabelText('User')).toBe(screen.getByTestId('login-user'));
  });

  it('marks both empty fields on submit and does not call the server', () => {
    renderLogin();
    submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(screen.getByTestId('login-user').getAttribute('aria-invalid')).toBe('true');
    expect(loginCalls()).toHaveLength(0);
  });

  it('checks a field as soon as it changes, and clears the message once it is filled', () => {
    renderLogin();
    type('login-user', 'ana');
    type('login-user', '  ');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    type('login-user', 'ana');
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });

  it('shows the key the server answers for a refused sign-in', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === LOGIN_URL
        ? new Response('{"key":"ERR_LOGIN_INVALID"}', { status: 401, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}'),
    );
    renderLogin();
    type('login-user', 'ana');
    type('login-password', 'wrong');
    submit();
    const error = await screen.findByTestId('login-error');
    expect(error.getAttribute('data-key')).toBe('ERR_LOGIN_INVALID');
    expect(JSON.parse(String(loginCalls()[0]?.[1]?.body))).toMatchObject({ login: 'ana', password: 'wrong' });
  });

  it('starts the session and lands on the fallback screen after a sign-in', async () => {
    const user = makeSessionUser({ language: 'en-en' });
    fetchMock.mockImplementation(async (url) =>
      url === LOGIN_URL
        ? new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(url.includes('drafts/readDrafts') ? '[]' : '{}'),
    );
    const router = renderLogin();
    type('login-user', 'ana.user');
    type('login-password', 'Sello-Demo-2026');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(session.isLoggedIn()).toBe(true);
  });
});
