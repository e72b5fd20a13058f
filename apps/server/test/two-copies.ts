import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/demo/demo-password.ts';
import { createTestApp, TEST_CERTIFICATE_KEY, type TTestApp } from './test-app.ts';

export type TCopy = TTestApp & { url: string };

async function listen(t: TTestApp, dataDir: string): Promise<TCopy> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ...t,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two server copies on one fresh database, each with its own DATA_DIR, both listening on loopback ports:
 * two buildApp calls in one process, sharing nothing but what `env` points them both at.
 */
export async function startTwoCopies(env: Record<string, string>): Promise<[TCopy, TCopy]> {
  const firstDir = await mkdtemp(path.join(os.tmpdir(), 'sello-copy-a-'));
  const first = await listen(await createTestApp({ DATA_DIR: firstDir, ...env }), firstDir);
  const secondDir = await mkdtemp(path.join(os.tmpdir(), 'sello-copy-b-'));
  const url = first.config.DATABASE_URL ?? '';
  const config = loadConfig({
    NODE_ENV: 'test',
    // The test peers (IdPs, providers) listen on loopback.
    OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    ...(first.config.DATABASE_OWNER_URL && { DATABASE_OWNER_URL: first.config.DATABASE_OWNER_URL }),
    CERTIFICATE_ENCRYPTION_KEY: TEST_CERTIFICATE_KEY,
    JOBS_ENABLED: 'false',
    DATA_DIR: secondDir,
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const database = connectDatabase(url, 4, logger);
  const { app, ctx } = await buildApp({ config, database, logger });
  const second = await listen(
    {
      app,
      ctx,
      database,
      owner: first.owner,
      config,
      close: async () => {
        await app.close();
        await database.close();
      },
    },
    secondDir,
  );
  return [first, second];
}

export type TProxy = { url: string; served: number[]; close: () => Promise<void> };

/** A small HTTP load balancer: each request goes to the next upstream in turn; `served` counts per upstream. */
export async function startRoundRobinProxy(upstreams: string[]): Promise<TProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const served = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: false });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const index = turn++ % targets.length;
    const target = targets[index] as URL;
    served[index] = (served[index] ?? 0) + 1;
    const forwarded = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

export type THttpAnswer = {
  status: number;
  headers: Headers;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely in tests, as LightMyRequestResponse.json() is.
  json: () => any;
};

/**
 * A caller over real HTTP that behaves like the console (XSRF double submit, rotating `auth-token`), from
 * the client address `clientIp` (sent as X-Forwarded-For: the copies trust their proxy).
 */
export class HttpClient {
  xsrf = 'two-copies-xsrf-token';
  token: string | null = null;

  readonly base: string;
  readonly clientIp: string;

  constructor(base: string, clientIp: string) {
    this.base = base;
    this.clientIp = clientIp;
  }

  async call(
    method: string,
    apiPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<THttpAnswer> {
    const sent: Record<string, string> = {
      cookie: `${COOKIES.xsrf}=${this.xsrf}`,
      [HEADERS.xsrf]: this.xsrf,
      'x-forwarded-for': this.clientIp,
      ...headers,
    };
    if (this.token) sent[HEADERS.authToken] = this.token;
    if (body !== undefined) sent['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${API_PREFIX}${apiPath}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const next = response.headers.get(HEADERS.authToken);
    if (next) this.token = next;
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body: bytes,
      json: () => JSON.parse(bytes.toString()),
    };
  }

  /** The same session, talking to another address (one copy directly instead of the proxy). */
  at(base: string): HttpClient {
    const other = new HttpClient(base, this.clientIp);
    other.token = this.token;
    return other;
  }

  async login(login: string, password = DEMO_PASSWORD): Promise<THttpAnswer> {
    return this.call('POST', 'security/login', { login, password });
  }
}
