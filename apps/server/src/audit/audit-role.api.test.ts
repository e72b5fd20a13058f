import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAgedAuditRecords } from '../../test/audit-fixtures.ts';
import { createTestApp, signedInClient, TEST_CERTIFICATE_KEY, type TTestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { APP_ROLE, findAuditRoleProblems } from '../db/app-role.ts';
import { openDatabase } from '../open-database.ts';
import { purgeAuditRecords } from '../platform/audit.queries.ts';
import { checkAuditChains } from '../platform/audit-check.ts';
import { createAuditJobs } from './audit-jobs.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A few records of the demo tenant, written by the server itself.
  const admin = await signedInClient(t.app, 'domain.admin');
  expect((await admin.get('security/logout')).statusCode).toBe(200);
});
afterAll(() => t.close());

/** Runs `statement` on the server's own pool (its role, sello_app) and answers PostgreSQL's refusal. */
async function refusalOf(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await statement.execute(t.database.db);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

const records = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_records`.execute(t.owner.db)).rows[0]!.n);

describe("the server's database role cannot rewrite the audit trail", () => {
  it('works as sello_app, which owns nothing the audit trail depends on', async () => {
    const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(t.database.db);
    expect(rows[0]!.role).toBe(APP_ROLE);
    expect(await findAuditRoleProblems(t.database.pool)).toEqual([]);
    // The owner's own connection is what the check exists to catch.
    expect((await findAuditRoleProblems(t.owner.pool)).join('\n')).toMatch(/superuser|owns audit_records/);
  });

  it('is refused UPDATE, DELETE and TRUNCATE of audit records, and changes nothing', async () => {
    const before = await records();
    expect(before).toBeGreaterThan(0);
    expect(await refusalOf(sql`UPDATE audit_records SET action = 'forged'`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`DELETE FROM audit_records`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`TRUNCATE audit_records`)).toMatch(/permission denied/);
    expect(await records()).toBe(before);
    const forged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM audit_records WHERE action = 'forged'`.execute(t.owner.db);
    expect(forged.rows[0]!.n).toBe(0);
  });

  it('may not drop or disable the append-only trigger, nor alter, drop or take over the table', async () => {
    expect(await refusalOf(sql`DROP TRIGGER audit_records_no_update ON audit_records`)).toMatch(/must be owner/);
    expect(await refusalOf(sql`ALTER TABLE audit_records DISABLE TRIGGER audit_records_no_update`)).toMatch(
      /must be owner/,
    );
    expect(await refusalOf(sql`ALTER TABLE audit_records ADD COLUMN note text`)).toMatch(/must be owner/);
    expect(await refusalOf(sql`DROP TABLE audit_records`)).toMatch(/must be owner/);
    expect(await refusalOf(sql`ALTER TABLE audit_records OWNER TO sello_app`)).toMatch(/must be owner/);
    expect(
      await refusalOf(sql`CREATE OR REPLACE FUNCTION audit_records_append_only() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`),
    ).toMatch(/must be owner|permission denied/);
    expect(await refusalOf(sql`SET ROLE sello`)).toMatch(/permission denied/);
    const triggers = await sql<{ name: string; enabled: string }>`
      SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger
      WHERE tgrelid = 'audit_records'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(t.owner.db);
    expect(triggers.rows).toEqual([
      { name: 'audit_records_no_truncate', enabled: 'O' },
      { name: 'audit_records_no_update', enabled: 'O' },
    ]);
  });

  it("gains nothing from the purge's setting: a cut-off set by hand deletes nothing", async () => {
    const before = await records();
    // A cut-off in the future, which the trigger once honoured for every record.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const deleteAll = (db: typeof t.database.db) =>
      db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('sello.audit_purge_before', ${tomorrow}, true)`.execute(trx);
        await sql`DELETE FROM audit_records`.execute(trx);
      });
    await expect(deleteAll(t.database.db)).rejects.toThrow(/permission denied/);
    // Even the owner's hand-set cut-off must be a year old for the trigger to let a record go.
    await expect(deleteAll(t.owner.db)).rejects.toThrow(/append-only/);
    expect(await records()).toBe(before);
  });

  it('may not move where the chain check starts, nor remove a chain head', async () => {
    expect(await refusalOf(sql`UPDATE audit_chain_heads SET purged_seq = seq`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`UPDATE audit_chain_heads SET purged_hash = last_hash`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`DELETE FROM audit_chain_heads`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`INSERT INTO audit_chain_heads (domain_id, purged_seq) VALUES (770001, 5)`)).toMatch(
      /permission denied/,
    );
    expect((await checkAuditChains(t.database.db)).filter((report) => report.broken)).toEqual([]);
  });
});

describe('the retention purge, through the database function the server may call', () => {
  it('refuses to keep less than 365 days, whatever it is asked', async () => {
    const before = await records();
    await expect(purgeAuditRecords(t.database.db, 364)).rejects.toThrow(/kept at least 365 days/);
    await expect(purgeAuditRecords(t.database.db, 0)).rejects.toThrow(/kept at least 365 days/);
    await expect(purgeAuditRecords(t.database.db, -1)).rejects.toThrow(/kept at least 365 days/);
    expect(await records()).toBe(before);
  });

  it('the audit-purge job deletes only the records older than the retention, and every chain still verifies', async () => {
    const aged = '880002';
    await appendAgedAuditRecords(t.database.db, aged, [1500, 800, 366, 200, 1]);
    const before = await records();
    const [purge] = createAuditJobs({ db: t.database.db, logger: pino({ level: 'silent' }), retentionDays: 700 });
    await purge!.run!(undefined);
    expect(await records()).toBe(before - 2);
    const left = await t.database.db
      .selectFrom('audit_records')
      .select('seq')
      .where('domain_id', '=', aged)
      .orderBy('seq')
      .execute();
    expect(left.map((row) => Number(row.seq))).toEqual([3, 4, 5]);
    const reports = await checkAuditChains(t.database.db);
    expect(reports.filter((report) => report.broken)).toEqual([]);
    expect(reports.find((report) => report.domainId === aged)).toEqual({ domainId: aged, records: 3, broken: null });
    // The next run with a year's retention takes the 366-day-old one and nothing younger.
    expect(await purgeAuditRecords(t.database.db, 365)).toBe(1);
    expect((await checkAuditChains(t.database.db)).filter((report) => report.broken)).toEqual([]);
  });
});

describe('grants: every table the server uses', () => {
  it('grants sello_app reading and writing every table and view but the audit trail and the migrations list', async () => {
    const { rows } = await sql<{ name: string; missing: string[] }>`
      SELECT n.nspname || '.' || c.relname AS name,
        array_remove(ARRAY[
          CASE WHEN NOT has_table_privilege(${APP_ROLE}, c.oid, 'SELECT') THEN 'SELECT' END,
          CASE WHEN NOT has_table_privilege(${APP_ROLE}, c.oid, 'INSERT') THEN 'INSERT' END,
          CASE WHEN NOT has_table_privilege(${APP_ROLE}, c.oid, 'UPDATE') THEN 'UPDATE' END,
          CASE WHEN NOT has_table_privilege(${APP_ROLE}, c.oid, 'DELETE') THEN 'DELETE' END
        ], NULL) AS missing
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p', 'v', 'm')
      ORDER BY 1`.execute(t.owner.db);
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.some((row) => row.name.startsWith('pgboss.'))).toBe(true);
    expect(rows.filter((row) => row.missing.length > 0)).toEqual([
      // Its columns are granted one by one, below.
      { name: 'public.audit_chain_heads', missing: ['INSERT', 'UPDATE', 'DELETE'] },
      { name: 'public.audit_records', missing: ['UPDATE', 'DELETE'] },
      { name: 'public.schema_migrations', missing: ['INSERT', 'UPDATE', 'DELETE'] },
    ]);
    const heads = await sql<{ column: string; insert: boolean; update: boolean }>`
      SELECT attname AS column,
        has_column_privilege(${APP_ROLE}, 'audit_chain_heads', attname, 'INSERT') AS insert,
        has_column_privilege(${APP_ROLE}, 'audit_chain_heads', attname, 'UPDATE') AS update
      FROM pg_attribute WHERE attrelid = 'audit_chain_heads'::regclass AND attnum > 0 ORDER BY attnum`.execute(
      t.owner.db,
    );
    expect(heads.rows).toEqual([
      { column: 'domain_id', insert: true, update: false },
      { column: 'seq', insert: true, update: true },
      { column: 'last_hash', insert: true, update: true },
      { column: 'purged_seq', insert: false, update: false },
      { column: 'purged_hash', insert: false, update: false },
    ]);
  });

  it("grants a table a later migration creates without being told (the owner's default privileges)", async () => {
    await sql`CREATE TABLE audit_role_probe (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text)`.execute(
      t.owner.db,
    );
    try {
      await sql`INSERT INTO audit_role_probe (note) VALUES ('a')`.execute(t.database.db);
      await sql`UPDATE audit_role_probe SET note = 'b'`.execute(t.database.db);
      const { rows } = await sql<{ note: string }>`SELECT note FROM audit_role_probe`.execute(t.database.db);
      expect(rows).toEqual([{ note: 'b' }]);
      await sql`DELETE FROM audit_role_probe`.execute(t.database.db);
    } finally {
      await sql`DROP TABLE audit_role_probe`.execute(t.owner.db);
    }
  });
});

describe('starting in production', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const productionConfig = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-role-'));
    await chmod(dataDir, 0o755);
    dirs.push(dataDir);
    return loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CERTIFICATE_ENCRYPTION_KEY: TEST_CERTIFICATE_KEY,
      ...env,
    });
  };

  it('refuses to start when its role could rewrite the audit trail, and starts as sello_app', async () => {
    const logger = pino({ level: 'silent' });
    const owner = t.config.DATABASE_OWNER_URL!;
    await expect(openDatabase(await productionConfig({ DATABASE_URL: owner }), logger)).rejects.toThrow(
      /could rewrite the audit trail: .*DATABASE_OWNER_URL/,
    );
    const opened = await openDatabase(
      await productionConfig({ DATABASE_URL: t.config.DATABASE_URL!, DATABASE_OWNER_URL: owner }),
      logger,
    );
    try {
      const { rows } = await opened.database.pool.query<{ role: string }>('SELECT current_user AS role');
      expect(rows[0]!.role).toBe(APP_ROLE);
    } finally {
      await opened.stop();
    }
  });
});

describe('npm run audit-check, as the server role', () => {
  /** Runs scripts/audit-check.ts on the test database as sello_app; answers its exit code and output. */
  async function auditCheck(): Promise<{ code: number; stdout: string }> {
    const script = path.resolve(import.meta.dirname, '../../../../scripts/audit-check.ts');
    const env = { ...process.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [script], { env });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it('exits 0 with every chain ok, and 1 naming the record an owner tampered with', async () => {
    const fine = await auditCheck();
    expect(fine.code, fine.stdout).toBe(0);
    expect(fine.stdout).toMatch(/^domain \d+: \d+ records, ok$/m);
    expect(fine.stdout).not.toContain('BROKEN');

    const victim = await t.database.db
      .selectFrom('audit_records')
      .select(['domain_id', 'seq'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE audit_records DISABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    await sql`UPDATE audit_records SET action = 'forged'
      WHERE domain_id = ${victim.domain_id} AND seq = ${victim.seq}`.execute(t.owner.db);
    await sql`ALTER TABLE audit_records ENABLE TRIGGER audit_records_no_update`.execute(t.owner.db);
    const broken = await auditCheck();
    expect(broken.code, broken.stdout).toBe(1);
    expect(broken.stdout).toContain(`domain ${victim.domain_id}: `);
    expect(broken.stdout).toContain(`BROKEN at ${victim.seq} (hash)`);
  }, 180_000);
});
