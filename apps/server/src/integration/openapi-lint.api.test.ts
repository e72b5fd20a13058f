import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/**
 * `redocly lint` (the @redocly/cli command, with the repository's redocly.yaml) on the document the server answers at
 * /docs/json: no error. A copy with a broken call proves the linter does look.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const cli = path.join(
  path.dirname(cliPackage),
  (JSON.parse(await readFile(cliPackage, 'utf8')) as { bin: Record<string, string> }).bin.redocly!,
);

type TProblem = { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] };
type TLint = { totals: { errors: number; warnings: number }; problems: TProblem[] };

let t: TTestApp;
let folder: string;

beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'sello-openapi-'));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

async function lint(document: unknown, name: string): Promise<TLint> {
  const file = path.join(folder, `${name}.json`);
  await writeFile(file, JSON.stringify(document));
  const run = await promisify(execFile)(
    process.execPath,
    [cli, 'lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'json'],
    {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly answered no report: ${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as TLint;
}

const describeProblems = (report: TLint) =>
  report.problems
    .filter((problem) => problem.severity === 'error')
    .slice(0, 20)
    .map((problem) => `${problem.ruleId} ${problem.location?.[0]?.pointer ?? ''}: ${problem.message}`)
    .join('\n');

describe('redocly lint of /docs/json', () => {
  it('reports no error', { timeout: 300_000 }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const report = await lint(document, 'sello');
    expect(report.totals.errors, describeProblems(report)).toBe(0);
  });

  it('reports the errors of a document with a call missing its answers and naming an unknown scheme', {
    timeout: 300_000,
  }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const call = document.paths['/rest/services/shippings/sendrequest'].post;
    delete call.responses;
    call.security = [{ bearerToken: [] }];
    const report = await lint(document, 'broken');
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(report.problems.map((problem) => problem.ruleId)).toEqual(expect.arrayContaining(['security-defined']));
  });
});
