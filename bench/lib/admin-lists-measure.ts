// How the admin-lists bench measures: sequential timed requests per scenario, the users export
// downloaded to disk, and the tables the figures are reported in.
import { createWriteStream, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { DOMAIN_ADMIN, SUPER_ADMIN, type TScenario } from './admin-lists-scenarios.ts';
import { countXlsxRows, mib, percentile, round, timedGet, toSearch } from './bench-helpers.ts';

/** Per scenario: warm-up requests (discarded), then sequential requests measured, bounded in time. */
export const SAMPLING = { warmup: 20, requests: 200, maxSeconds: 8 } as const;
export const BUDGET = { p95Ms: 30, exportSeconds: 8 } as const;
const EXPORT_ROWS = 100_000;

export type TScenarioFigures = {
  name: string;
  url: string;
  as: string;
  deep: boolean;
  total: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  budgetMs: number | null;
  ok: boolean;
};

type TExportFigures = {
  name: string;
  seconds: number;
  bytes: number;
  rows: number;
  expectedRows: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  budgetSeconds: number;
  ok: boolean;
};

export async function measureScenario(
  base: string,
  scenario: TScenario,
  headers: Record<string, string>,
  expected: number | ((total: number) => boolean),
): Promise<TScenarioFigures> {
  const url = `${API_PREFIX}${scenario.path}?${toSearch(scenario.query)}`;
  const first = await fetch(`${base}${url}`, { headers });
  const page = (await first.json()) as { rows?: unknown[]; total?: number };
  const total = page.total ?? -1;
  const pageSize = Number(scenario.query.pageSize);
  const first0 = Number(scenario.query.first);
  const totalOk = typeof expected === 'number' ? total === expected : expected(total);
  const rowsOk = page.rows?.length === Math.max(0, Math.min(pageSize, total - first0));
  if (first.status !== 200 || !totalOk || !rowsOk) {
    throw new Error(
      `${scenario.name}: GET ${url} answered ${first.status}, total ${total}, ${page.rows?.length} rows (expected ${typeof expected === 'number' ? expected : 'some'})`,
    );
  }
  for (let i = 0; i < SAMPLING.warmup; i++) await timedGet(`${base}${url}`, headers);
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  while (times.length < SAMPLING.requests && performance.now() - started < SAMPLING.maxSeconds * 1000) {
    const { ms, status } = await timedGet(`${base}${url}`, headers);
    if (status !== 200) failures++;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p95Ms = round(percentile(times, 95));
  const budgetMs = scenario.deep ? null : BUDGET.p95Ms;
  return {
    name: scenario.name,
    url,
    as: scenario.as === 'superAdmin' ? SUPER_ADMIN : DOMAIN_ADMIN,
    deep: scenario.deep === true,
    total,
    requests: times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms,
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1) ?? Number.NaN),
    budgetMs,
    ok: failures === 0 && (budgetMs === null || p95Ms <= budgetMs),
  };
}

/** Downloads a file to disk (the body is never held whole), timing it and sampling the process memory. */
async function timeDownload(
  name: string,
  request: () => Promise<Response>,
  file: string,
): Promise<Omit<TExportFigures, 'rows' | 'ok'>> {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const response = await request();
    if (response.status !== 200 || !response.body) throw new Error(`${name} answered ${response.status}`);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
  } finally {
    clearInterval(sampler);
  }
  const seconds = round((performance.now() - started) / 1000, 2);
  return {
    name,
    seconds,
    bytes: (await stat(file)).size,
    expectedRows: EXPORT_ROWS + 1,
    rssBeforeMiB: mib(rssBefore),
    rssPeakMiB: mib(rssPeak),
    budgetSeconds: BUDGET.exportSeconds,
  };
}

/** The users export, both ways, written into `dir` and removed once counted. */
export async function measureExports(base: string, token: string, headers: Record<string, string>, dir: string) {
  const query = { first: 0, pageSize: EXPORT_ROWS, language: 'en-en' };
  const results: TExportFigures[] = [];
  const runs = [
    {
      name: 'GET administration/users/export',
      request: () => fetch(`${base}${API_PREFIX}administration/users/export?${toSearch(query)}`, { headers }),
    },
    {
      name: 'POST DownloadFile (form post)',
      request: () =>
        fetch(`${base}${API_PREFIX}DownloadFile`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            url: 'administration/users/export',
            jsonData: JSON.stringify(query),
            authToken: token,
          }).toString(),
        }),
    },
  ];
  for (const [index, run] of runs.entries()) {
    const file = path.join(dir, `users-export-${index}.xlsx`);
    const figures = await timeDownload(run.name, run.request, file);
    const rows = await countXlsxRows(file);
    rmSync(file, { force: true });
    results.push({ ...figures, rows, ok: rows === figures.expectedRows && figures.seconds <= BUDGET.exportSeconds });
  }
  return results;
}

export function table(rows: TScenarioFigures[]): string[] {
  const width = Math.max(...rows.map((row) => row.name.length));
  const head = `  ${'scenario'.padEnd(width)}  ${'total'.padStart(7)}  ${'n'.padStart(4)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'max ms'.padStart(7)}  budget`;
  return [
    head,
    ...rows.map(
      (row) =>
        `  ${row.name.padEnd(width)}  ${String(row.total).padStart(7)}  ${String(row.requests).padStart(4)}  ${row.p50Ms.toFixed(1).padStart(7)}  ${row.p95Ms.toFixed(1).padStart(7)}  ${row.p99Ms.toFixed(1).padStart(7)}  ${row.maxMs.toFixed(1).padStart(7)}  ${verdict(row)}`,
    ),
  ];
}

const verdict = (row: TScenarioFigures) =>
  row.budgetMs === null ? 'none (deep offset)' : `p95 ≤ ${row.budgetMs} ms: ${row.ok ? 'OK' : 'MISSED'}`;

export function markdownRows(rows: TScenarioFigures[]): string[] {
  return [
    '| scenario | total | requests | p50 ms | p95 ms | p99 ms | max ms | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.total} | ${row.requests} | ${row.p50Ms} | ${row.p95Ms} | ${row.p99Ms} | ${row.maxMs} | ${verdict(row)} |`,
    ),
  ];
}
