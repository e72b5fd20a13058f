// PostgreSQL frozen (SIGSTOP of its processes): /readyz says so within a second on a connection of its own, requests
// fail in a bounded time with 503 ERR_SYSTEM_NOT_AVAILABLE instead of hanging, and all recovers by itself.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, postgresProcesses, waitFor } from '../test/processes.ts';
import { TEST_CERTIFICATE_KEY } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type TOpenDatabase } from './open-database.ts';

let dataDir: string;
let opened: TOpenDatabase;
let app: FastifyInstance;
let base: string;
let frozen: number[] = [];

function thaw() {
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {}
  }
  frozen = [];
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const signIn = () =>
  fetch(`${base}/rest/services/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
    body: JSON.stringify({ login: 'nobody.here', password: 'not-the-password' }),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-outage-'));
  await chmod(dataDir, 0o755);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    CERTIFICATE_ENCRYPTION_KEY: TEST_CERTIFICATE_KEY,
    JOBS_ENABLED: 'false',
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    DATABASE_QUERY_TIMEOUT_MS: '3000',
  });
  const logger = pino({ level: 'silent' });
  opened = await openDatabase(config, logger);
  ({ app } = await buildApp({ config, database: opened.database, logger }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  thaw();
  await app?.close();
  await opened?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a frozen database', () => {
  it('readyz answers 503 within a second; requests fail fast with ERR_SYSTEM_NOT_AVAILABLE; both recover', async () => {
    expect((await signIn()).status).toBe(401);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    frozen = await postgresProcesses(dataDir);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      const ready = await timed(() => fetch(`${base}/readyz`));
      expect(ready.value.status).toBe(503);
      expect(ready.ms).toBeLessThan(1_000);

      // Several at once: the pool's connections hang, the rest wait for one; each is bounded by the timeouts.
      const calls = await Promise.all(Array.from({ length: 6 }, () => timed(signIn)));
      for (const call of calls) {
        expect(call.value.status).toBe(503);
        expect(await call.value.json()).toEqual({ key: 'ERR_SYSTEM_NOT_AVAILABLE' });
        expect(call.ms).toBeLessThan(6_000);
      }
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      thaw();
    }

    await waitFor(async () => (await fetch(`${base}/readyz`)).status === 200, 10_000, 'readiness again');
    await waitFor(async () => (await signIn()).status === 401, 10_000, 'requests served again');
  }, 60_000);
});
