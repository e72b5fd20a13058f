import { randomBytes } from 'node:crypto';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { TAppContext } from '../src/app-context.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { connectDatabase, ensureDatabase, type TDatabase } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/demo/demo-password.ts';

/** Certificate private keys in tests are sealed with this key, so no test writes a key file under ./data. */
export const TEST_CERTIFICATE_KEY = 'c2VsbG8tdGVzdC1jZXJ0aWZpY2F0ZS1rZXktMzItYnk=';

export type TTestApp = {
  app: FastifyInstance;
  /** What the routes and jobs were given: the job queue, stores and services. */
  ctx: TAppContext;
  /** The server's own pool, as its role (sello_app): what the routes and jobs use. */
  database: TDatabase;
  /** The schema owner's pool, for what only a test may do (tamper with the audit trail, add a failing trigger). */
  owner: TDatabase;
  config: TConfig;
  close: () => Promise<void>;
};

/** A fresh copy of the seeded template database and an app bound to it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `sello_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('templateDatabase'));
  const ownerUrl = new URL(adminUrl);
  ownerUrl.pathname = `/${name}`;
  const url = new URL(inject('appDatabaseUrl'));
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    DATABASE_OWNER_URL: ownerUrl.toString(),
    CERTIFICATE_ENCRYPTION_KEY: TEST_CERTIFICATE_KEY,
    // Jobs are queued as in production but worked only by the tests that exercise them.
    JOBS_ENABLED: 'false',
    // The test peers (IdPs, providers) listen on loopback; tests of the guard turn this off.
    OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const database = connectDatabase(url.toString(), 4, logger);
  // Connects only when a test uses it.
  const owner = connectDatabase(ownerUrl.toString(), 1, logger);
  const { app, ctx } = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    ctx,
    database,
    owner,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await owner.close();
    },
  };
}

/** A cookie the server set: its value and the path it is sent to. */
type TJarCookie = { value: string; path: string };

/**
 * A caller that behaves like the console in a browser: keeps the XSRF cookie, the rotating auth token and the
 * cookies the server sets (each sent to its path, dropped when it expires), like one browser's cookie jar.
 */
export class TestClient {
  xsrf = 'test-xsrf-token';
  token: string | null = null;
  /** The client's address as the server sees it (light-my-request's default: 127.0.0.1). */
  remoteAddress: string | undefined;
  readonly cookies = new Map<string, TJarCookie>();

  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async call(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(API_PREFIX + path),
      [HEADERS.xsrf]: this.xsrf,
      ...extraHeaders,
    };
    if (this.token) headers[HEADERS.authToken] = this.token;
    const response = await this.app.inject({
      method,
      url: API_PREFIX + path,
      headers,
      ...(this.remoteAddress && { remoteAddress: this.remoteAddress }),
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });
    const next = response.headers[HEADERS.authToken];
    if (typeof next === 'string' && next !== '') this.token = next;
    this.keepCookies(response);
    return response;
  }

  /** The Cookie header this browser sends to a path: the XSRF cookie and every kept cookie whose path matches. */
  cookieHeader(url: string): string {
    const pathname = url.split('?')[0] ?? url;
    const sent = [...this.cookies].filter(
      ([name, cookie]) =>
        name !== COOKIES.xsrf &&
        (pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)),
    );
    return [`${COOKIES.xsrf}=${this.xsrf}`, ...sent.map(([name, cookie]) => `${name}=${cookie.value}`)].join('; ');
  }

  /** Keeps the cookies an answer sets, as a browser does (an expired one is removed). */
  keepCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge !== undefined ? cookie.maxAge <= 0 : cookie.expires !== undefined && cookie.expires < new Date();
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.call('PUT', path, body ?? {});
  delete = (path: string) => this.call('DELETE', path);

  async login(login: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    const response = await this.post('security/login', { login, password });
    if (response.statusCode !== 200) throw new Error(`login ${login} failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

export async function signedInClient(app: FastifyInstance, login: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(login);
  return client;
}
