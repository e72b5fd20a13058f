// Statements a connection runs again and again are prepared once on it (PostgreSQL then skips parsing them, and
// planning those with a stable plan); the rest run unnamed. Seen from the connection's own pg_prepared_statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { MAX_PREPARED_PER_CONNECTION, PREPARE_AFTER_RUNS } from './prepared-statements.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** One pooled connection (as the app's queries get them), with what it has prepared. */
async function onOneConnection<T>(work: (run: (text: string, values?: unknown[]) => Promise<unknown>) => Promise<T>) {
  const client = await t.database.pool.connect();
  try {
    const run = (text: string, values?: unknown[]) =>
      values === undefined ? client.query(text) : client.query(text, values);
    const result = await work(run);
    const { rows } = await client.query<{ statement: string; generic: string; custom: string }>(
      `SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements`,
    );
    return { result, prepared: rows };
  } finally {
    client.release(true);
  }
}

describe('statements prepared per connection', () => {
  it('prepares a statement with parameters once the connection has run it often enough, and keeps its answers', async () => {
    const text = 'SELECT username FROM users WHERE username = $1';
    const { result, prepared } = await onOneConnection(async (run) => {
      const answers: unknown[] = [];
      for (const login of ['domain.admin', 'company.user', 'company.admin', 'domain.admin', 'nobody']) {
        answers.push(((await run(text, [login])) as { rows: { username: string }[] }).rows.map((row) => row.username));
      }
      return answers;
    });
    expect(result).toEqual([['domain.admin'], ['company.user'], ['company.admin'], ['domain.admin'], []]);
    const mine = prepared.filter((row) => row.statement === text);
    expect(mine).toHaveLength(1);
    // Run unnamed before it was prepared, then by name: the runs after the preparing one.
    expect(Number(mine[0]!.generic) + Number(mine[0]!.custom)).toBe(5 - PREPARE_AFTER_RUNS + 1);
  });

  it('runs a statement seen fewer times, one without parameters and several commands unnamed', async () => {
    const rare = 'SELECT count(*) FROM users WHERE domain_id = $1';
    const { prepared } = await onOneConnection(async (run) => {
      for (let index = 1; index < PREPARE_AFTER_RUNS; index++) await run(rare, ['1']);
      for (let index = 0; index < PREPARE_AFTER_RUNS + 2; index++) await run('SELECT 1; SELECT 2');
      for (let index = 0; index < PREPARE_AFTER_RUNS + 2; index++) await run('SELECT 3', []);
    });
    expect(prepared.map((row) => row.statement)).not.toContain(rare);
    expect(prepared.map((row) => row.statement)).not.toContain('SELECT 3');
  });

  it('never prepares a statement that reads every column (a migration may change them) or matches a pattern', async () => {
    const texts = [
      'select * from "users" where "username" = $1',
      'SELECT u.* FROM users u WHERE u.username = $1',
      'SELECT id, "u".* FROM users u WHERE u.username = $1',
    ];
    const { prepared } = await onOneConnection(async (run) => {
      for (const text of texts) {
        for (let index = 0; index < PREPARE_AFTER_RUNS + 2; index++) await run(text, ['domain.admin']);
      }
      // Nor a pattern match, whose selectivity a generic plan cannot know.
      for (let index = 0; index < PREPARE_AFTER_RUNS + 2; index++) {
        await run('SELECT id FROM users WHERE username LIKE $1', [`%admin${index}%`]);
      }
      // count(*) is not every column.
      for (let index = 0; index < PREPARE_AFTER_RUNS; index++) {
        await run('SELECT count(*) FROM users WHERE username = $1', ['domain.admin']);
      }
    });
    expect(prepared.map((row) => row.statement).sort()).toEqual(['SELECT count(*) FROM users WHERE username = $1']);
  });

  it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} statements on a connection`, async () => {
    const { prepared } = await onOneConnection(async (run) => {
      for (let shape = 0; shape < MAX_PREPARED_PER_CONNECTION + 20; shape++) {
        for (let index = 0; index < PREPARE_AFTER_RUNS; index++) await run(`SELECT $1::int + ${shape}`, [index]);
      }
    });
    expect(prepared.filter((row) => row.statement.startsWith('SELECT $1::int +'))).toHaveLength(
      MAX_PREPARED_PER_CONNECTION,
    );
  });
});
