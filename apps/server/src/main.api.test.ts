import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOutput, freePort, waitFor } from '../test/processes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'apps/server/src/main.ts');

function startMain(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // The server process itself, as `npm start` runs it: tsx's CLI would stand between it and the signal, and
  // exit 143 on its own when the shutdown takes longer than its 5 s relay wait (a loaded machine).
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: collectOutput(child), exited };
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return true;
  } catch {
    return false;
  }
}

describe('main', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-main-test-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('exits non-zero with a clear message on a bad configuration value', async () => {
    const run = startMain({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/Invalid configuration:\n {2}PORT:/);
  });

  it('starts on the embedded PostgreSQL, prints the sign-ins, stops it on SIGTERM, and keeps the data', async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };

    const first = startMain(env);
    await waitFor(() => first.output().includes('Demo sign-ins'), 90_000);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    expect(first.output()).toMatch(/company\.user\s+Sello-Demo-2026/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // Leave a trace in the database: a changed language.
    const xsrf = 'main-test-xsrf';
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const login = await fetch(`http://127.0.0.1:${port}/rest/services/security/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ login: 'company.user', password: 'Sello-Demo-2026' }),
    });
    const token = login.headers.get('auth-token')!;
    await fetch(`http://127.0.0.1:${port}/rest/services/account/users/updateLanguage`, {
      method: 'PUT',
      headers: { ...headers, 'auth-token': token },
      body: JSON.stringify({ language: 'pt-pt' }),
    });

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(await isListening(port)).toBe(false);
    // The embedded PostgreSQL stopped too: its port accepts a new listener.
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(pgPort, '127.0.0.1', () => probe.close(() => resolve()));
    });

    const second = startMain(env);
    await waitFor(() => second.output().includes('Demo sign-ins'), 90_000);
    const again = await fetch(`http://127.0.0.1:${port}/rest/services/security/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ login: 'company.user', password: 'Sello-Demo-2026' }),
    });
    expect((await again.json()).language).toBe('pt-pt');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
