import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** Beside the data directory: the pid of the server process that started its PostgreSQL. */
const OWNER_FILE = 'postgres-owner.pid';
const STOP_WAIT_MS = 15_000;

const ownerFileOf = (dataDir: string) => path.join(dataDir, OWNER_FILE);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  const pid = Number(text?.split('\n')[0]?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The parent of a process (Linux /proc); null where it cannot be read. */
async function parentOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // Fields after the command name, which may itself hold spaces and parentheses: state, ppid, ...
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const parent = Number(fields?.[1]);
  return Number.isInteger(parent) ? parent : null;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}

/**
 * A server killed without its shutdown (SIGKILL, the OOM killer, a container stopped without grace) leaves the
 * PostgreSQL it spawned running, holding the data directory and the port, so the next start would fail. The
 * postmaster is an orphan when the server process that started it is gone: then it is stopped (fast shutdown,
 * immediate after STOP_WAIT_MS). A postmaster whose owner still runs is another copy's: left alone, and the start
 * fails as before with PostgreSQL's own message.
 */
export async function stopOrphanedPostmaster(dataDir: string, databaseDir: string, logger: Logger): Promise<void> {
  const postmaster = await readPid(path.join(databaseDir, 'postmaster.pid'));
  if (postmaster === null || !isAlive(postmaster)) return;
  const owner = await readPid(ownerFileOf(dataDir));
  const parent = await parentOf(postmaster);
  // The owner's own child: still in use. Without /proc, a live owner counts as in use.
  const inUse = owner !== null && owner !== process.pid && (parent === null ? isAlive(owner) : parent === owner);
  if (inUse) return;
  logger.warn({ postmaster, owner }, 'stopping the embedded PostgreSQL left running by a server that died');
  process.kill(postmaster, 'SIGINT');
  if (await waitForExit(postmaster, STOP_WAIT_MS)) return;
  process.kill(postmaster, 'SIGQUIT');
  if (!(await waitForExit(postmaster, STOP_WAIT_MS))) {
    throw new Error(`the embedded PostgreSQL left running (pid ${postmaster}) did not stop`);
  }
}

/** Records this process as the owner of the embedded PostgreSQL it has just started. */
export async function recordPostmasterOwner(dataDir: string): Promise<void> {
  await writeFile(ownerFileOf(dataDir), `${process.pid}\n`);
}

export async function forgetPostmasterOwner(dataDir: string): Promise<void> {
  await rm(ownerFileOf(dataDir), { force: true });
}
