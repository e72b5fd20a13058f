import type { ChildProcess } from 'node:child_process';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { freePort, spawnServer, waitFor } from '../../test/processes.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, TEST_CERTIFICATE_KEY, type TTestApp } from '../../test/test-app.ts';
import { connectDatabase, type TDatabase } from '../db/database.ts';
import { DEMO_PASSWORD } from '../demo/demo-password.ts';

// Issue 17: a real server process works a 3,000-row import in the background and is killed with SIGKILL
// in the middle of the dry run, in the middle of creating the shippings and in the middle of releasing them.
// Started again, it finishes the import: every valid row is exactly one shipping, none lost, none doubled, and
// a release cut short released none.

const ROWS = 3000;

let setup: TTestApp;
let database: TDatabase;
let server: ChildProcess | null = null;
let port = 0;
const logs: (() => string)[] = [];
let importId = 0;

beforeAll(async () => {
  setup = await createShippingTestApp();
  const admin = await signedInClient(setup.app, 'company.admin');
  const rows = Array.from({ length: ROWS }, (_, index) => [`Persona ${index}`, `p${index}@example.es`, 'Aviso']);
  const response = await uploadImport(
    admin,
    {
      companyId: String(await companyIdOf(setup.database.db, 'B12345674')),
      typeId: String(await typeIdOf(setup.database.db, 'Certified e-mail')),
      channel: 'email',
    },
    { data: { name: 'big.csv', bytes: spanishCsv([['Nombre', 'Correo', 'Asunto'], ...rows]) } },
  );
  importId = response.json().importId;
  database = connectDatabase(setup.config.DATABASE_URL!, 2, pino({ level: 'silent' }));
  await setup.app.close();
}, 120_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await database?.close();
  await setup?.database.close();
});

async function startServer(): Promise<ChildProcess> {
  port = await freePort();
  const started = spawnServer({
    port,
    databaseUrl: setup.config.DATABASE_URL!,
    dataDir: setup.config.dataDir,
    certificateKey: TEST_CERTIFICATE_KEY,
    // Small batches, so the kill falls between two of them whatever the machine's speed.
    env: { IMPORT_BATCH_ROWS: '100' },
  });
  logs.push(started.output);
  return started.child;
}

/** What every server process of this test printed, for failure messages. */
const printed = () => logs.map((output) => output()).join('');

async function kill(): Promise<void> {
  server!.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));
  server = null;
}

const count = async (query: string) => Number((await database.pool.query(query, [importId])).rows[0].n);
const rowsIn = (status: string) =>
  count(`SELECT count(*) AS n FROM import_rows WHERE import_id = $1 AND status = '${status}'`);
const stateOf = async () =>
  (await database.pool.query('SELECT state FROM imports WHERE id = $1', [importId])).rows[0].state;

/**
 * Holds a row (`lockSql`, with the import's id) in a transaction of its own, runs `meanwhile`, waits until a
 * connection of the server waits on that row (and `also` holds), kills the server there and lets the row go.
 * Answers the pid of the killed copy's waiting connection.
 */
async function killWhenBlocked(
  lockSql: string,
  what: string,
  meanwhile?: () => Promise<void>,
  also: () => Promise<boolean> = async () => true,
): Promise<number> {
  const holder = await database.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(lockSql, [importId]);
    const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    await meanwhile?.();
    let blocked = 0;
    await waitFor(
      async () => {
        const waiting = await database.pool.query(
          'SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
          [holderPid],
        );
        blocked = waiting.rows[0]?.pid ?? 0;
        return blocked !== 0 && (await also());
      },
      90_000,
      `${what} (${printed()})`,
      20,
    );
    await kill();
    return blocked;
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
}

/** Confirms the import through the running server's API, as the console does. */
async function confirm(): Promise<void> {
  const xsrf = 'kill-test';
  const headers = { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf };
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  const login = await fetch(`${base}security/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ login: 'company.admin', password: DEMO_PASSWORD }),
  });
  const token = login.headers.get(HEADERS.authToken)!;
  const saved = await fetch(`${base}shipping/import/saveFromFile`, {
    method: 'POST',
    headers: { ...headers, [HEADERS.authToken]: token },
    body: JSON.stringify({ importId }),
  });
  expect(saved.status, await saved.text()).toBe(200);
}

describe('killing the server in the middle of an import', () => {
  it('resumes the dry run, the creation and the release without losing or doubling a row', {
    timeout: 300_000,
  }, async () => {
    expect(await stateOf()).toBe('CREATED');
    // A row halfway down the file held: the dry run's verdicts wait on it, after earlier batches committed.
    await killWhenBlocked(
      // (by its id: FOR UPDATE would also lock the rows an OFFSET skips)
      `SELECT id FROM import_rows WHERE id = (SELECT id FROM import_rows WHERE import_id = $1
        ORDER BY line OFFSET ${ROWS / 2} LIMIT 1) FOR UPDATE`,
      'the dry run to reach the held row',
      async () => {
        server = await startServer();
      },
    );
    const checkedAtKill = await rowsIn('VALID');
    expect(checkedAtKill).toBeGreaterThan(0);
    expect(checkedAtKill).toBeLessThan(ROWS);

    server = await startServer();
    await waitFor(async () => (await stateOf()) === 'VALIDATED', 90_000, `the dry run to finish (${printed()})`);
    expect(await rowsIn('VALID')).toBe(ROWS);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null)) !== null, 30_000, 'the API');
    await confirm();
    // The import's own row held: after each committed batch the creation counts it there, and waits (NO KEY: the
    // shippings' reference to their import still goes through).
    await killWhenBlocked(
      'SELECT id FROM imports WHERE id = $1 FOR NO KEY UPDATE',
      'the creation to count a batch',
      undefined,
      async () => (await rowsIn('CREATED')) > 0,
    );
    const createdAtKill = await rowsIn('CREATED');
    expect(createdAtKill).toBeGreaterThan(0);
    expect(createdAtKill).toBeLessThan(ROWS);

    server = await startServer();
    // The release is one transaction walking the shippings in id order: holding the import's last shipping stops it
    // at its last batch, every other shipping moved but not committed. The copy is killed there.
    await waitFor(async () => (await rowsIn('CREATED')) === ROWS, 90_000, `the creation to end (${printed()})`, 20);
    const releasing = await killWhenBlocked(
      'SELECT id FROM shippings WHERE import_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE',
      'the release to reach the held shipping',
      async () => expect(await stateOf()).toBe('IN_COURSE'),
    );
    // The killed copy's transaction ends with its connection: nothing it released stays released.
    await waitFor(
      async () =>
        Number(
          (await database.pool.query('SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1', [releasing])).rows[0]
            .n,
        ) === 0,
      30_000,
      "the killed copy's connection to end",
    );
    expect(await count("SELECT count(*) AS n FROM shippings WHERE import_id = $1 AND state = 'pending_import'")).toBe(
      ROWS,
    );

    server = await startServer();
    await waitFor(async () => (await stateOf()) === 'FINISHED', 200_000, `the import to finish (${printed()})`);
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    server = null;

    expect(await rowsIn('CREATED')).toBe(ROWS);
    expect(await count('SELECT count(*) AS n FROM shippings WHERE import_id = $1')).toBe(ROWS);
    expect(await count('SELECT count(DISTINCT shipping_id) AS n FROM import_rows WHERE import_id = $1')).toBe(ROWS);
    expect(await count("SELECT count(*) AS n FROM shippings WHERE import_id = $1 AND state = 'pending_import'")).toBe(
      0,
    );
    // Each receiver got exactly one shipping.
    expect(
      await count(
        'SELECT count(*) AS n FROM (SELECT r.email FROM shipping_receivers r JOIN shippings s ON s.id = r.shipping_id WHERE s.import_id = $1 GROUP BY r.email HAVING count(*) > 1) d',
      ),
    ).toBe(0);
  });
});
