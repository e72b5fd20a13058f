import type { ChildProcess } from 'node:child_process';
import { IMPORT_FILE_MAX_BYTES } from '@sello/contracts/catalogue/imports';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { freePort, spawnServer, waitFor } from '../../test/processes.ts';
import { declareSize, sharedStringsSheet } from '../../test/shared-strings-sheet.ts';
import { createShippingTestApp, typeIdOf } from '../../test/shipping-fixtures.ts';
import { csvOfSize, postStreamedUpload, residentBytes, type TStreamedFile } from '../../test/streamed-upload.ts';
import { TEST_CERTIFICATE_KEY, type TTestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../demo/demo-password.ts';

// Issue 26: hostile import files sent to the real server in its own process (started as `npm run serve` starts
// it): a 50 MB CSV, a 100 MiB one and an .xlsx whose zip directory says its shared strings are 1,000 bytes when
// they inflate to 70 MB. Each is refused with its key, and the server's resident memory grows less than 150 MB.
// Before, the 50 MB CSV was decoded and parsed whole (RSS 383 → 1,157 MB) and the lying .xlsx was read.

const MB = 1000 * 1000;
const MiB = 1024 * 1024;

let setup: TTestApp;
let server: ChildProcess | null = null;
let output: () => string = () => '';
let base = '';
let headers: Record<string, string> = {};
let fields: Record<string, string> = {};

beforeAll(async () => {
  setup = await createShippingTestApp();
  fields = {
    companyId: String(await companyIdOf(setup.database.db, 'B12345674')),
    typeId: String(await typeIdOf(setup.database.db, 'Certified e-mail')),
    channel: 'email',
  };
  await setup.app.close();
  const port = await freePort();
  const started = spawnServer({
    port,
    databaseUrl: setup.config.DATABASE_URL!,
    dataDir: setup.config.dataDir,
    certificateKey: TEST_CERTIFICATE_KEY,
    env: { JOBS_ENABLED: 'false' },
    nodeFlags: ['--max-semi-space-size=8', '--max-old-space-size=1024'],
  });
  server = started.child;
  output = started.output;
  base = `http://127.0.0.1:${port}${API_PREFIX}`;
  const xsrf = 'hostile-files';
  const json = { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf };
  let token: string | null = null;
  await waitFor(
    async () => {
      const login = await fetch(`${base}security/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ login: 'company.admin', password: DEMO_PASSWORD }),
      }).catch(() => null);
      token = login?.headers.get(HEADERS.authToken) ?? null;
      return token !== null;
    },
    60_000,
    'the server to start',
  );
  headers = { cookie: json.cookie, [HEADERS.xsrf]: xsrf, [HEADERS.authToken]: token! };
}, 120_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await setup?.database.close();
});

const upload = (file: TStreamedFile) => postStreamedUpload(`${base}shipping/import/import`, headers, fields, file);
const csv = (bytes: number): TStreamedFile => ({
  field: 'data',
  name: 'big.csv',
  type: 'text/csv',
  chunks: csvOfSize(bytes),
});

describe('hostile import files against the real server', () => {
  it('refuses a 50 MB CSV, a 100 MiB CSV and an .xlsx whose directory lies, each with its key, in bounded memory', {
    timeout: 240_000,
  }, async () => {
    // 70 MB of shared strings, declared as 1,000 bytes, built before measuring (in this process, not the server's).
    const countImports = async () =>
      (await setup.database.pool.query('SELECT count(*)::int AS n FROM imports')).rows[0].n as number;
    const lying = declareSize(await sharedStringsSheet(2_400_000), 'xl/sharedStrings.xml', 1000);
    expect(lying.length).toBeLessThan(1024 * 1024);
    // exceljs is loaded on the first .xlsx: a small valid one first, so the baseline includes it.
    const warmUp = await upload({
      field: 'data',
      name: 'small.xlsx',
      type: 'application/octet-stream',
      chunks: [await sharedStringsSheet(10)],
    });
    expect(warmUp.status, warmUp.body).toBe(200);
    const imports = await countImports();
    const pid = server!.pid!;
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 25);
    try {
      const fifty = await upload(csv(50 * MB));
      expect(fifty.status, fifty.body).toBe(400);
      expect(JSON.parse(fifty.body)).toMatchObject({ fields: { data: 'ERR_TOO_MANY_ROWS' }, params: { max: 100_000 } });

      const hundred = await upload(csv(100 * MiB));
      expect(hundred.status, hundred.body).toBe(400);
      expect(JSON.parse(hundred.body)).toMatchObject({
        fields: { data: 'ERR_MAX_FILE_SIZE' },
        params: { size: IMPORT_FILE_MAX_BYTES / 1024 },
      });

      const xlsx = await upload({
        field: 'data',
        name: 'lying.xlsx',
        type: 'application/octet-stream',
        chunks: [lying],
      });
      expect(xlsx.status, xlsx.body).toBe(400);
      expect(JSON.parse(xlsx.body)).toMatchObject({ fields: { data: 'ERR_FILE_TOO_COMPLEX' } });
    } finally {
      clearInterval(sampler);
    }
    const growthMB = (peak - before) / MB;
    console.info(`server RSS ${Math.round(before / MB)} MB → peak ${Math.round(peak / MB)} MB`);
    expect(growthMB, output()).toBeLessThan(150);
    // Nothing of the refused files was stored.
    expect(await countImports()).toBe(imports);
  });
});
