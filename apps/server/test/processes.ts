import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `predicate` every 200 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'a condition',
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What a kill test needs of a running copy of the real server: its process and what it printed. */
export type TServerProcess = { child: ChildProcess; output: () => string };

/**
 * Starts the real server (main.ts) as a child process on the test's database and data folder, working
 * jobs and seeding nothing; `env` adds or overrides settings. Its output is kept for failure messages.
 */
export function spawnServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  certificateKey: string;
  env?: Record<string, string>;
  /** Node flags before the script, e.g. those `npm run serve` starts the server with. */
  nodeFlags?: string[];
}): TServerProcess {
  const root = path.resolve(import.meta.dirname, '../../..');
  const args = [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // The test peers (IdPs, providers) listen on loopback.
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '6',
      DATA_DIR: options.dataDir,
      CERTIFICATE_ENCRYPTION_KEY: options.certificateKey,
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, output: collectOutput(child) };
}

/** Keeps what a child process prints on stdout and stderr; answers a reader of it so far. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return () => output;
}

/** The postmaster of the embedded PostgreSQL of `dataDir` and every process it forked (to freeze them all). */
export async function postgresProcesses(dataDir: string): Promise<number[]> {
  const postmaster = Number((await readFile(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[0]);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}
