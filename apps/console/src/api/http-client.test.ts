import { accountApi } from '@sello/contracts/catalogue/account';
import { importsApi } from '@sello/contracts/catalogue/imports';
import { securityApi } from '@sello/contracts/catalogue/security';
import { defineEndpoint } from '@sello/contracts/endpoint';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import { alerts } from '../alerts/alert-store.ts';
import { resetHostCache } from '../lib/api-host.ts';
import { browser } from '../lib/browser.ts';
import { onCloseAllDialogs } from '../lib/dialogs.ts';
import { session } from '../session/session-store.ts';
import { makeSessionUser } from '../test/session-user.ts';
import { ApiCallError, callEndpoint } from './http-client.ts';
import { pendingRequests } from './loading-store.ts';

vi.mock('../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

type Reply = Response | Error | Promise<Response>;
type Handler = (url: string, init: RequestInit | undefined) => Reply;

const UTILITY = '/rest/services/security/UtilityServlet';
const LOGOUT = '/rest/services/security/logout';

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Routes every fetch through `handler`; UtilityServlet and the server-side logout answer by default. */
function serve(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => {
    if (url === LOGOUT) return json({ ok: true });
    const reply = handler(url, init);
    if (reply instanceof Error) throw reply;
    return reply;
  });
}

/** The calls the console made to the API, without the host lookup and the logout. */
function apiCalls() {
  return fetchMock.mock.calls.filter(([url]) => url !== UTILITY && url !== LOGOUT);
}

function headersOf(call: [string, RequestInit?] | undefined): Record<string, string> {
  return (call?.[1]?.headers ?? {}) as Record<string, string>;
}

function pendingAlert() {
  return JSON.parse(sessionStorage.getItem('sello_pending_alert') ?? 'null');
}

const readAccount = () => callEndpoint(accountApi.read, { query: {} });

/** An old-style path that already carries a query; with another query the URL holds two '?'. */
const legacyEndpoint = defineEndpoint({
  id: 'test.legacy',
  method: 'GET',
  path: 'legacy/list?mode=all',
  summary: 'test only',
  permission: 'session',
  query: z.object({ page: z.number() }),
  response: z.unknown(),
});

describe('http client', () => {
  beforeEach(() => {
    resetHostCache();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('frontendweb_host', '');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(browser.reloadAt).mockClear();
  });

  describe('host', () => {
    it('uses the host stored under frontendweb_host without asking UtilityServlet', async () => {
      localStorage.setItem('frontendweb_host', 'https://api.example');
      serve(() => json({}));
      await readAccount();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        'https://api.example/rest/services/account/users/read',
      ]);
    });

    it('asks UtilityServlet for the host when none is stored, and only once', async () => {
      localStorage.removeItem('frontendweb_host');
      serve((url) =>
        url === UTILITY ? json({ host: 'https://h.example', version: '1', production: true }) : json({}),
      );
      await readAccount();
      await readAccount();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        UTILITY,
        'https://h.example/rest/services/account/users/read',
        'https://h.example/rest/services/account/users/read',
      ]);
    });
  });

  describe('headers', () => {
    it('sends auth-token with the stored token', async () => {
      session.start(makeSessionUser({ token: 'token-1' }));
      serve(() => json({}));
      await readAccount();
      expect(headersOf(apiCalls()[0])['auth-token']).toBe('token-1');
    });

    it('sends no auth-token when there is no session', async () => {
      serve(() => json({}));
      await readAccount();
      expect(headersOf(apiCalls()[0])).not.toHaveProperty('auth-token');
    });

    it('pairs the XSRF-TOKEN cookie with an X-XSRF-TOKEN header', async () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the server's XSRF cookie
      document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
      serve(() => json({}));
      await readAccount();
      expect(headersOf(apiCalls()[0])['X-XSRF-TOKEN']).toBe('xsrf-123');
    });

    it('sends a JSON body with its content type', async () => {
      serve(() => json({ ok: true }));
      await callEndpoint(accountApi.updateLanguage, { body: { language: 'pt-pt' } });
      const [, init] = apiCalls()[0] ?? [];
      expect(init?.method).toBe('PUT');
      expect(headersOf(apiCalls()[0])['Content-Type']).toBe('application/json');
      expect(JSON.parse(String(init?.body))).toEqual({ language: 'pt-pt' });
    });

    it('sends a multipart body typed by the endpoint: each field a part in order, files by name, none for absent ones', async () => {
      serve(() => json({ importId: 1 }));
      const data = new File(['reference;email\n'], 'shippings.csv', { type: 'text/csv' });
      const documents = [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')];
      await callEndpoint(importsApi.import, {
        form: {
          companyId: 7,
          typeId: 3,
          channel: 'email',
          description: undefined,
          mapping: '{"Ref":"reference"}',
          data,
          documents,
        },
      });
      const [, init] = apiCalls()[0] ?? [];
      expect(headersOf(apiCalls()[0])['Content-Type']).toBeUndefined();
      const form = init?.body as FormData;
      expect([...form.keys()]).toEqual(['companyId', 'typeId', 'channel', 'mapping', 'data', 'documents', 'documents']);
      expect(form.get('companyId')).toBe('7');
      expect(form.get('mapping')).toBe('{"Ref":"reference"}');
      expect((form.get('data') as File).name).toBe('shippings.csv');
      expect(form.getAll('documents').map((part) => (part as File).name)).toEqual(['a.pdf', 'b.pdf']);
    });
  });

  describe('token rotation', () => {
    it('stores a different auth-token that comes back in the answer, with its expiry', async () => {
      session.start(makeSessionUser({ token: 'token-1' }));
      serve(() => json({}, { headers: { 'auth-token': 'token-2', 'auth-token-expires': '1900000000000' } }));
      await readAccount();
      expect(session.token()).toBe('token-2');
      expect(session.expiration()).toBe(1_900_000_000_000);
    });

    it('uses the new token on the next call', async () => {
      session.start(makeSessionUser({ token: 'token-1' }));
      serve(() => json({}, { headers: { 'auth-token': 'token-2' } }));
      await readAccount();
      await readAccount();
      expect(apiCalls().map((call) => headersOf(call)['auth-token'])).toEqual(['token-1', 'token-2']);
    });
  });

  describe('errors', () => {
    let dialogsClosed: Mock<() => void>;
    let stopListening: () => void;

    beforeEach(() => {
      dialogsClosed = vi.fn();
      stopListening = onCloseAllDialogs(dialogsClosed);
    });

    afterEach(() => stopListening());

    it.each([401, 403])('logs out on %i and shows the server key on the login page', async (status) => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_FORBIDDEN' }, { status }));
      await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
      expect(dialogsClosed).toHaveBeenCalled();
      expect(session.isLoggedIn()).toBe(false);
      expect(pendingAlert()).toEqual({ kind: 'error', key: 'ERR_FORBIDDEN' });
      expect(browser.reloadAt).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?t=\d+$/));
    });

    it('shows ERR_TKN_INVALID when a 401 carries no key', async () => {
      session.start(makeSessionUser());
      serve(() => new Response('', { status: 401, statusText: 'Unauthorized' }));
      await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
      expect(pendingAlert()).toEqual({ kind: 'error', key: 'ERR_TKN_INVALID' });
    });

    it('logs out without a message on ERR_PIN_INVALID with no field errors', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_PIN_INVALID' }, { status: 401 }));
      await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
      expect(browser.reloadAt).toHaveBeenCalledTimes(1);
      expect(pendingAlert()).toBeNull();
    });

    it('shows ERR_PIN_INVALID when it comes with field errors', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_PIN_INVALID', fields: { pin: 'ERR_PIN_INVALID' } }, { status: 403 }));
      await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
      expect(pendingAlert()).toEqual({ kind: 'error', key: 'ERR_PIN_INVALID' });
    });

    it('does not log out on a 401 when the URL has two question marks', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_TKN_INVALID' }, { status: 401 }));
      await expect(callEndpoint(legacyEndpoint, { query: { page: 2 } })).rejects.toMatchObject({ status: 401 });
      expect(apiCalls()[0]?.[0]).toBe('/rest/services/legacy/list?mode=all?page=2');
      expect(browser.reloadAt).not.toHaveBeenCalled();
      expect(session.isLoggedIn()).toBe(true);
    });

    it('logs out on a 401 when the URL has a single question mark', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_TKN_INVALID' }, { status: 401 }));
      await expect(callEndpoint(legacyEndpoint)).rejects.toMatchObject({ status: 401 });
      expect(browser.reloadAt).toHaveBeenCalledTimes(1);
    });

    it('logs out with ERR_SYSTEM_NOT_AVAILABLE on a 404', async () => {
      session.start(makeSessionUser());
      serve(() => new Response('Not here', { status: 404, statusText: 'Not Found' }));
      await expect(readAccount()).rejects.toMatchObject({ status: 404 });
      expect(session.isLoggedIn()).toBe(false);
      expect(pendingAlert()).toEqual({ kind: 'error', key: 'ERR_SYSTEM_NOT_AVAILABLE' });
      expect(browser.reloadAt).toHaveBeenCalledTimes(1);
    });

    it('logs out with ERR_SYSTEM_NOT_AVAILABLE when the network fails (status 0)', async () => {
      session.start(makeSessionUser());
      serve(() => new TypeError('Failed to fetch'));
      await expect(readAccount()).rejects.toMatchObject({ status: 0 });
      expect(pendingAlert()).toEqual({ kind: 'error', key: 'ERR_SYSTEM_NOT_AVAILABLE' });
      expect(browser.reloadAt).toHaveBeenCalledTimes(1);
    });

    it('logs out with ERR_SYSTEM_NOT_AVAILABLE on a call the server does not have (404 ERR_ROUTE_NOT_FOUND)', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_ROUTE_NOT_FOUND' }, { status: 404, statusText: 'Not Found' }));
      await expect(readAccount()).rejects.toMatchObject({ status: 404 });
      expect(session.isLoggedIn()).toBe(false);
      expect(browser.reloadAt).toHaveBeenCalledTimes(1);
    });

    it('shows a missing record (404 with its error key) and stays signed in on the page, dialogs closed', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_NOT_FOUND' }, { status: 404, statusText: 'Not Found' }));
      await expect(readAccount()).rejects.toMatchObject({ status: 404, key: 'ERR_NOT_FOUND' });
      expect(session.isLoggedIn()).toBe(true);
      expect(browser.reloadAt).not.toHaveBeenCalled();
      expect(alerts.get().map((alert) => [alert.kind, alert.key])).toContainEqual(['error', 'ERR_NOT_FOUND']);
      expect(dialogsClosed).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['a 404', () => new Response('Not here', { status: 404, statusText: 'Not Found' })],
      ['a network failure', () => new TypeError('Failed to fetch')],
    ])(
      'signed out (on /login), answers %s with ERR_SYSTEM_NOT_AVAILABLE and never reloads the page',
      async (_, reply) => {
        alerts.set([]);
        serve(reply);
        await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
        await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
        expect(browser.reloadAt).not.toHaveBeenCalled();
        expect(alerts.get().map((alert) => alert.key)).toEqual(['ERR_SYSTEM_NOT_AVAILABLE']);
      },
    );

    it('ends the session at the configured API host when it logs out', async () => {
      localStorage.setItem('frontendweb_host', 'https://api.example');
      session.start(makeSessionUser({ token: 'token-9' }));
      serve(() => json({ key: 'ERR_TKN_INVALID' }, { status: 401 }));
      await expect(readAccount()).rejects.toMatchObject({ status: 401 });
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => url)).toContain('https://api.example/rest/services/security/logout'),
      );
      const logout = fetchMock.mock.calls.find(([url]) => url.endsWith('/security/logout'));
      expect(headersOf(logout)['auth-token']).toBe('token-9');
    });

    it('closes dialogs and re-raises other errors as "status - statusText body", staying signed in', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_CONFLICT' }, { status: 409, statusText: 'Conflict' }));
      const error = await readAccount().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).message).toBe('409 - Conflict {"key":"ERR_CONFLICT"}');
      expect((error as ApiCallError).key).toBe('ERR_CONFLICT');
      expect(dialogsClosed).toHaveBeenCalledTimes(1);
      expect(browser.reloadAt).not.toHaveBeenCalled();
      expect(session.isLoggedIn()).toBe(true);
    });

    it('leaves the dialogs open for a refused input the calling dialog shows itself, and only for that', async () => {
      session.start(makeSessionUser());
      const refusal = { key: 'ERR_VALIDATION', fields: { data: 'ERR_FILE_TYPE_XLS' } };
      serve(() => json(refusal, { status: 400, statusText: 'Bad Request' }));
      const error = await callEndpoint(accountApi.read, { query: {} }, { refusalShownInDialog: true }).catch(
        (failure: unknown) => failure,
      );
      expect((error as ApiCallError).fields).toEqual({ data: 'ERR_FILE_TYPE_XLS' });
      expect(dialogsClosed).not.toHaveBeenCalled();
      await readAccount().catch(() => undefined);
      expect(dialogsClosed).toHaveBeenCalledTimes(1);
      serve(() => json({ key: 'ERR_CONFLICT' }, { status: 409, statusText: 'Conflict' }));
      await callEndpoint(accountApi.read, { query: {} }, { refusalShownInDialog: true }).catch(() => undefined);
      expect(dialogsClosed).toHaveBeenCalledTimes(2);
    });

    it('puts a plain-text body as it came into the message', async () => {
      serve(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
      await expect(readAccount()).rejects.toThrow(/^502 - Bad Gateway upstream down$/);
    });

    it('writes no stray quotes into the message when the body is empty', async () => {
      serve(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
      await expect(readAccount()).rejects.toThrow(/^500 - Internal Server Error$/);
    });

    it('on a failed sign-in clears the session and hands the error back without logging out or reloading', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_LOGIN_INVALID' }, { status: 401 }));
      const login = callEndpoint(
        securityApi.login,
        { body: { login: 'ana.user', password: 'wrong' } },
        { isLogin: true },
      );
      await expect(login).rejects.toMatchObject({ status: 401, key: 'ERR_LOGIN_INVALID' });
      expect(session.isLoggedIn()).toBe(false);
      expect(browser.reloadAt).not.toHaveBeenCalled();
      expect(pendingAlert()).toBeNull();
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(LOGOUT);
    });

    it('passes ERR_PWD_RECOVER_TOKEN on untouched to the caller', async () => {
      session.start(makeSessionUser());
      serve(() => json({ key: 'ERR_PWD_RECOVER_TOKEN' }, { status: 401 }));
      const recover = callEndpoint(securityApi.pwdRecoverLogin, { body: { recoveryToken: 'r', loginToken: 'l' } });
      await expect(recover).rejects.toMatchObject({ status: 401, key: 'ERR_PWD_RECOVER_TOKEN' });
      expect(browser.reloadAt).not.toHaveBeenCalled();
      expect(dialogsClosed).not.toHaveBeenCalled();
      expect(session.isLoggedIn()).toBe(true);
    });
  });

  describe('loading counter', () => {
    it('counts a call while it runs and goes back to 0 after', async () => {
      let answer: (response: Response) => void = () => {};
      serve(() => new Promise<Response>((resolve) => (answer = resolve)));
      const call = readAccount();
      expect(pendingRequests.get()).toBe(1);
      await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
      expect(pendingRequests.get()).toBe(1);
      answer(json({}));
      await call;
      expect(pendingRequests.get()).toBe(0);
    });

    it('goes back to 0 after a failed call', async () => {
      serve(() => json({ key: 'ERR_INTERNAL' }, { status: 500 }));
      await expect(readAccount()).rejects.toBeInstanceOf(ApiCallError);
      expect(pendingRequests.get()).toBe(0);
    });

    it('does not count background calls', async () => {
      let answer: (response: Response) => void = () => {};
      serve(() => new Promise<Response>((resolve) => (answer = resolve)));
      const call = callEndpoint(accountApi.read, { query: {} }, { background: true });
      await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
      expect(pendingRequests.get()).toBe(0);
      answer(json({}));
      await call;
      expect(pendingRequests.get()).toBe(0);
    });
  });
});
