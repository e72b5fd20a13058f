import { HEADERS } from '@sello/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiCallError } from '../../../api/http-client.ts';
import { resetHostCache } from '../../../lib/api-host.ts';
import { browser } from '../../../lib/browser.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { toSendRequest } from './send-form.ts';
import { sendShippingRequest } from './send-request.ts';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const SEND = '/rest/services/shippings/sendrequest';

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;

const request = (subject = 'Policy renewal') =>
  toSendRequest(
    { companyId: 1, typeId: 2, channel: 'email', subject, receivers: [{ name: 'Lucía', email: 'lucia@example.es' }] },
    [{ name: 'a.pdf', category: 'UNSPECIFIED', content: 'data:application/pdf;base64,JVBERi0=' }],
  );

/** The Idempotency-Key of every sendrequest the console made, in order. */
const sentKeys = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === SEND)
    .map(([, init]) => ((init?.headers ?? {}) as Record<string, string>)[HEADERS.idempotencyKey]);

/** The server: no answer at all for the first `lost` sendrequests (the connection broke), then the shipping. */
function serve(lost: number) {
  let calls = 0;
  fetchMock.mockImplementation(async (url) => {
    if (url !== SEND) return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    calls += 1;
    if (calls <= lost) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ requestId: 41 }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

describe('the new-shipping request and its Idempotency-Key', () => {
  beforeEach(() => {
    resetHostCache();
    localStorage.setItem('frontendweb_host', '');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    session.start(makeSessionUser());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(browser.reloadAt).mockClear();
  });

  it('sends the same key again when the form is sent again after a network failure, even after the logout', async () => {
    serve(1);
    const failure = await sendShippingRequest(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).status).toBe(0);
    // Spec §8: the network failure signed the user out and reloads the login page.
    expect(browser.reloadAt).toHaveBeenCalled();
    expect(session.isLoggedIn()).toBe(false);

    session.start(makeSessionUser());
    expect(await sendShippingRequest(request())).toEqual({ requestId: 41 });
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new key for another request, and for the same form sent again once it was created', async () => {
    serve(0);
    await sendShippingRequest(request());
    await sendShippingRequest(request('Another subject'));
    await sendShippingRequest(request('Another subject'));
    const keys = sentKeys();
    expect(new Set(keys).size).toBe(3);
  });
});
