import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOidcProvider } from '../../test/oidc-fixtures.ts';
import { OIDC_CLIENT, signInAtPeer, startOidcPeer, type TOidcTestPeer } from '../../test/oidc-peer.ts';
import { startTwoCopies, type TCopy } from '../../test/two-copies.ts';

const CONSOLE = 'http://sello.test/';
const REDIRECT = `${CONSOLE}oauth/oauthlogin`;
const XSRF = 'two-copies-xsrf';

let peer: TOidcTestPeer;
let copies: [TCopy, TCopy];
let providerId: number;
beforeAll(async () => {
  peer = await startOidcPeer([REDIRECT]);
  copies = await startTwoCopies({ PUBLIC_URL: CONSOLE, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  providerId = await insertOidcProvider(copies[0], {
    domain: 'DEMO',
    issuer: peer.issuer,
    clientId: OIDC_CLIENT.id,
    clientSecret: OIDC_CLIENT.secret,
    emailDomains: ['sello.local'],
  });
});
afterAll(async () => {
  await Promise.all(copies.map((copy) => copy.close()));
  await peer.close();
});

/** One browser's cookies besides the XSRF one (the flow cookie the first copy sets), whichever copy answers. */
const jar: string[] = [];

async function call(copy: TCopy, method: string, path: string, body?: unknown) {
  const response = await fetch(`${copy.url}${API_PREFIX}${path}`, {
    method,
    headers: {
      cookie: [`${COOKIES.xsrf}=${XSRF}`, ...jar].join('; '),
      [HEADERS.xsrf]: XSRF,
      'content-type': 'application/json',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  for (const cookie of response.headers.getSetCookie()) jar.push(cookie.split(';')[0] ?? '');
  return response;
}

describe('OpenID Connect across server copies', () => {
  it('finishes on one copy a sign-in begun on the other, once', async () => {
    const [first, second] = copies;
    const started = (await (await call(first, 'GET', `security/OAuthAccess?provider=${providerId}`)).json()) as {
      url: string;
    };
    const back = await signInAtPeer(started.url, 'company.user@sello.local', REDIRECT);
    const token = back.search.slice(1);
    const finished = await call(second, 'POST', 'security/oauth/oauthlogin', { token });
    expect(finished.status).toBe(200);
    expect(await finished.json()).toMatchObject({ userid: 'company.user' });
    const replayed = await call(first, 'POST', 'security/oauth/oauthlogin', { token });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ key: 'ERR_OIDC_STATE_INVALID' });
  });
});
