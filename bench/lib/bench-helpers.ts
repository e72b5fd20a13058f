// What the HTTP benches share: loopback checks, the console's sign-in, timed requests, percentiles, and
// counting an exported workbook's rows.
import { randomBytes } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import { COOKIES, HEADERS } from '@sello/contracts/constants';
import { API_PREFIX } from '@sello/contracts/endpoint';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/demo-password.ts';

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const loadAverage = () => round(os.loadavg()[0] ?? 0, 2);
export const mib = (bytes: number) => round(bytes / 1024 ** 2);

/**
 * Milliseconds a fixed loop of arithmetic takes here and now (median of three): the machine's own speed, which on a
 * shared 2-core VM varies by a fifth from one minute to the next, for reading a run's figures against another's.
 */
export function measureReferenceLoop(): number {
  const runs = [0, 1, 2].map(() => {
    const started = performance.now();
    let sum = 0;
    for (let index = 0; index < 100_000_000; index++) sum += index % 7;
    if (sum < 0) throw new Error('unreachable');
    return performance.now() - started;
  });
  return round(runs.sort((a, b) => a - b)[1]!);
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Whether something listens on host:port (a PostgreSQL left running on a bench's data directory). */
export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Signs in as the console does: XSRF double submit (cookie and header), then the token of the answer.
 * The headers carry the token, the XSRF cookie and the XSRF header (what a POST also needs).
 */
export async function signIn(base: string, login: string): Promise<{ token: string; headers: Record<string, string> }> {
  const xsrf = randomBytes(24).toString('base64url');
  const response = await fetch(`${base}${API_PREFIX}security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  const token = response.headers.get(HEADERS.authToken);
  if (response.status !== 200 || !token) throw new Error(`sign-in as ${login} failed: ${response.status}`);
  return {
    token,
    headers: { [HEADERS.authToken]: token, cookie: `${COOKIES.xsrf}=${xsrf}`, [HEADERS.xsrf]: xsrf },
  };
}

export const toSearch = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();

/** One GET read to its last byte, timed. */
export async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Counts the rows of the first worksheet with exceljs's streaming reader: memory stays bounded. */
export async function countXlsxRows(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    entries: 'emit',
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  return rows;
}

/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
