import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export const OIDC_CLIENT = { id: 'sello-console', secret: 'a-client-secret-of-the-test-peer-0123456789' };

/** Rewrites the ID token of the next token answers: the cases a certified provider never produces. */
export type TTamper = (claims: JWTPayload, peer: TOidcTestPeer) => Promise<string> | string;

export type TOidcTestPeer = {
  issuer: string;
  signingKey: { privateKey: CryptoKey; kid: string };
  /** Signs claims as the provider would (same key and kid) or with `key`. */
  sign: (claims: JWTPayload, options?: { key?: CryptoKey; kid?: string; alg?: string }) => Promise<string>;
  tamper: TTamper | null;
  close: () => Promise<void>;
};

/**
 * A real OpenID provider (the certified `oidc-provider` package) on a local port, with its development login form:
 * any login is accepted, and the login typed is the e-mail claimed (`unverified+…` claims an unverified e-mail).
 * Consent is granted at once, so a sign-in is: authorization URL → login form → back to Sello with a code.
 */
export async function startOidcPeer(redirectUris: string[]): Promise<TOidcTestPeer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'peer-key-1';
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['oidc-peer-cookie-key-of-the-test'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id.replace(/^unverified\+/, ''),
        email_verified: !id.startsWith('unverified+'),
        name: id,
      }),
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  const peer: TOidcTestPeer = {
    issuer,
    signingKey: { privateKey, kid },
    tamper: null,
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? kid, typ: 'JWT' })
        .sign(options.key ?? privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', (request, response) => {
    const tamper = peer.tamper;
    if (tamper && request.method === 'POST' && request.url?.startsWith('/token')) {
      const end = response.end.bind(response) as (body?: unknown) => typeof response;
      response.end = ((chunk?: unknown) => {
        const body = JSON.parse(String(chunk)) as { id_token?: string };
        if (!body.id_token) return end(chunk);
        decodeProtectedHeader(body.id_token);
        void Promise.resolve(tamper(decodeJwt(body.id_token), peer)).then((idToken) => {
          const out = JSON.stringify({ ...body, id_token: idToken });
          response.setHeader('content-length', Buffer.byteLength(out));
          end(out);
        });
        return response;
      }) as typeof response.end;
    }
    handle(request, response);
  });
  return peer;
}

/** A cookie jar of one browser at the provider. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/**
 * What a browser does at the provider: opens the authorization URL, submits the login form as `login`, and
 * follows the redirects until the provider sends it back to the redirect URI; answers that URL.
 */
export async function signInAtPeer(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = jar();
  let url = authorizationUrl;
  for (let step = 0; step < 10; step += 1) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page at the provider (${response.status}): ${html.slice(0, 300)}`);
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt, login, password: 'any' }),
    });
    cookies.take(submitted);
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider's form answered ${submitted.status}`);
    url = new URL(next, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
