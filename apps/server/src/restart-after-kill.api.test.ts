// `kill -9` of the server leaves the embedded PostgreSQL it spawned running (holding the data directory and
// the port); the next start must find that orphan and stop it, and be ready within 30 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOutput, freePort, waitFor } from '../test/processes.ts';

const main = path.resolve(import.meta.dirname, 'main.ts');

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', JOBS_ENABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, output: collectOutput(child) };
}

async function isReady(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('start after SIGKILL', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-restart-test-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    // Whatever postmaster is left (a failed run) is stopped with its data directory.
    const pid = Number(
      (await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
    );
    if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGINT');
    await waitFor(() => !(pid > 0 && isAlive(pid)), 15_000, 'the postmaster to stop').catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds the PostgreSQL the killed server left running, stops it and is ready within 30 s', async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir };

    const first = startServer(env);
    children.push(first.child);
    await waitFor(() => isReady(port), 90_000, 'the first start');
    const orphan = Number((await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[0]);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // The situation the fix is for: the server is gone, its PostgreSQL is not.
    expect(isAlive(orphan)).toBe(true);

    const started = Date.now();
    const second = startServer(env);
    children.push(second.child);
    await waitFor(() => isReady(port), 30_000, `readiness after the restart\n${second.output()}`);
    const readyAfterMs = Date.now() - started;
    expect(readyAfterMs).toBeLessThan(30_000);
    expect(isAlive(orphan)).toBe(false);
    expect(second.child.exitCode).toBeNull();

    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(0);
  }, 180_000);
});
