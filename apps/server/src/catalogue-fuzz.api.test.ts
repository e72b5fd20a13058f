import { CATALOGUE } from '@sello/contracts/catalogue';
import { fillPath, type TEndpoint } from '@sello/contracts/endpoint';
import { ERROR_KEYS } from '@sello/contracts/error-keys';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_JSON } from '../test/nested-json.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../test/test-app.ts';
import { fuzzArbitrary, validArbitrary } from '../test/zod-arbitrary.ts';

/**
 * Every catalogue operation, as an anonymous caller, a sender and a super administrator, with inputs drawn
 * from its own schemas: valid, at their limits and malformed. No answer may be a 5xx, and every 4xx carries
 * an error key of the catalogue. FUZZ_SEED replays a run. Then every body and query field of every operation
 * carries input nested past the input guard's limit, as JSON and as JSON text.
 */

const MIN_CASES = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const KEYS = new Set<string>(ERROR_KEYS);
const SENDER = 'company.user';
const SUPER = 'super.admin';

type TCaller = 'anonymous' | typeof SENDER | typeof SUPER;
type TFinding = { endpoint: string; caller: TCaller; url: string; body: unknown; status: number; answer: string };

let t: TTestApp;
const clients = new Map<TCaller, TestClient>();
let saved: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_MAX_FAILED_ATTEMPTS: '100' });
  saved = await t.database.db.selectFrom('users').selectAll().where('username', 'in', [SENDER, SUPER]).execute();
  await signIn();
});
afterAll(() => t.close());

async function signIn() {
  clients.set('anonymous', new TestClient(t.app));
  clients.set(SENDER, await signedInClient(t.app, SENDER));
  clients.set(SUPER, await signedInClient(t.app, SUPER));
}

/** Undoes what a fuzzed call may have done to the callers themselves (a logout, a block, a new password). */
async function heal() {
  const db = t.database.db;
  await db
    .updateTable('domains')
    .set({ active: true, deleted_at: null })
    .where(
      'id',
      'in',
      saved.map((row) => row.domain_id as string),
    )
    .execute();
  for (const row of saved) {
    await db
      .updateTable('users')
      .set({
        username: row.username as string,
        password_hash: row.password_hash as string,
        roles: row.roles as string[],
        permissions: row.permissions as string[],
        active: true,
        blocked: false,
        locked_until: null,
        deleted_at: null,
      })
      .where('id', '=', row.id as string)
      .execute();
  }
  await signIn();
}

function toQueryString(value: unknown): string {
  if (value === undefined) return '';
  const search = new URLSearchParams();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    search.append('junk', JSON.stringify(value));
  } else {
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const items = Array.isArray(item) ? item : [item];
      for (const one of items) search.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function toPath(endpoint: TEndpoint, params: unknown): string {
  const values: Record<string, string | number> = {};
  const given = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const value = given[name!];
    values[name!] =
      value === undefined || value === null ? 'x' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  for (const [name, value] of Object.entries(values)) values[name] = String(value).toWellFormed();
  return fillPath(endpoint.path, values);
}

/** List filters as the lists read them: known column names with values of the wrong kind or out of range. */
const FILTER_FIELDS = [
  'id',
  'name',
  'userid',
  'email',
  'role',
  'status',
  'state',
  'stateCom',
  'resultCom',
  'taxId',
  'language',
  'active',
  'blocked',
  'deleted',
  'createdAt',
  'deletedAt',
  'lastLoginAt',
  'validTo',
  'company',
  'companyId',
  'domainId',
  'typeId',
  'type',
  'user',
  'channel',
  'sendDate',
  'dateSend',
  'reference',
  'search',
];
const filterValue = fc.oneof(
  fc.constantFrom('abc', '\u0000', '12', '-1', '1.5', '99999999999999999999', 'true', '', '%_'),
  fc.constantFrom(1, -1, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, true, false),
  fc.constantFrom(
    ['+275760-09-13T00:00:00.000Z', null],
    [null, '0000-01-01'],
    [1e308, null],
    [-8.64e15, 8.64e15],
    ['2024-01-01', '2024-12-31'],
    ['x', 'y'],
    [1, 2, 3],
  ),
);
const filtersArbitrary = fc
  .dictionary(fc.constantFrom(...FILTER_FIELDS), filterValue, { minKeys: 1, maxKeys: 3 })
  .map((filters) => JSON.stringify(filters));

function queryOf(endpoint: TEndpoint) {
  const base = fuzzArbitrary(endpoint.query);
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape || !('filters' in shape)) return base;
  return fc
    .tuple(base, filtersArbitrary, fc.boolean())
    .map(([query, filters, useFilters]) =>
      useFilters && query && typeof query === 'object' ? { ...query, filters } : query,
    );
}

const requestOf = (endpoint: TEndpoint) =>
  fc.record({
    params: fuzzArbitrary(endpoint.params),
    query: queryOf(endpoint),
    body: fuzzArbitrary(endpoint.body),
  });

/** The caller's own session ended (a fuzzed logout, block or password reset): it is set up again. */
function sessionLost(response: LightMyRequestResponse): boolean {
  return response.statusCode === 401 && response.body.includes('ERR_TKN_INVALID');
}

const fieldsOf = (schema: unknown) =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** DownloadFile runs only file calls of the catalogue: its url names one, so its jsonData is read. */
const FILE_CALL = CATALOGUE.find(
  (endpoint) => endpoint.responseKind === 'file' && endpoint.path !== 'DownloadFile' && !endpoint.path.includes('{'),
)!;

/**
 * The request of `endpoint` with `deep` (JSON text) in `field` of its body, or as the whole body when the body
 * has no fields: as JSON, or as a string holding the JSON (what DownloadFile's jsonData and list filters parse).
 * A query carries it as text. The rest of the request is valid, drawn from its schemas, so nothing else refuses it.
 */
function deepRequest(endpoint: TEndpoint, field: string | null, deep: string, asText: boolean, seed: number) {
  const drawn = fc.record({ params: validArbitrary(endpoint.params), body: validArbitrary(endpoint.body) });
  const [sample] = fc.sample(drawn, { numRuns: 1, seed });
  const { params, body } = sample as { params: unknown; body: Record<string, unknown> | undefined };
  const url = toPath(endpoint, params);
  if (endpoint.method !== 'POST' && endpoint.method !== 'PUT') {
    return { url: field === null ? url : `${url}?${field}=${encodeURIComponent(deep)}`, payload: undefined };
  }
  const value = asText ? JSON.stringify(deep) : deep;
  if (field === null) return { url, payload: value };
  const rest = { ...body, ...(endpoint.path === 'DownloadFile' && { url: FILE_CALL.path }) };
  const payload = JSON.stringify({ ...rest, [field]: '__deep__' }).replace('"__deep__"', () => value);
  return { url, payload };
}

function check(response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 500) return false;
  if (response.statusCode < 400) return true;
  try {
    const key = response.json().key;
    return typeof key === 'string' && KEYS.has(key);
  } catch {
    return false;
  }
}

describe('fuzzing every catalogue operation', () => {
  it(`answers no 5xx and a key with every 4xx over ${MIN_CASES} cases (seed ${SEED})`, {
    timeout: 300_000,
  }, async () => {
    const callers: TCaller[] = ['anonymous', SENDER, SUPER];
    const perCall = Math.ceil(MIN_CASES / (CATALOGUE.length * callers.length));
    const findings: TFinding[] = [];
    let cases = 0;
    const slow: [string, number][] = [];
    for (const [index, endpoint] of CATALOGUE.entries()) {
      const started = Date.now();
      const samples = fc.sample(requestOf(endpoint), { numRuns: perCall * callers.length, seed: SEED + index });
      for (const [n, sample] of samples.entries()) {
        const caller = callers[n % callers.length]!;
        const url = toPath(endpoint, sample.params) + toQueryString(sample.query);
        const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
        const response = await clients
          .get(caller)!
          .call(endpoint.method, url, hasBody ? (sample.body ?? {}) : undefined);
        cases++;
        if (!check(response)) {
          findings.push({
            endpoint: endpoint.id,
            caller,
            url: url.slice(0, 300),
            body: JSON.stringify(sample.body)?.slice(0, 300),
            status: response.statusCode,
            answer: response.body.slice(0, 200),
          });
        }
        if (caller !== 'anonymous' && sessionLost(response)) await heal();
      }
      slow.push([endpoint.id, Date.now() - started]);
    }
    slow.sort((a, b) => b[1] - a[1]);
    if (process.env.FUZZ_TIMES) process.stdout.write(`${JSON.stringify(slow.slice(0, 25))}\n`);
    process.stdout.write(`catalogue fuzz: ${cases} cases, ${findings.length} findings, seed ${SEED}\n`);
    expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
    const kinds = new Map<string, number>();
    for (const finding of findings) {
      const kind = `${finding.endpoint} ${finding.status}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(Object.fromEntries(kinds)).toEqual({});
    expect(findings.slice(0, 10)).toEqual([]);
  });

  it('answers no 5xx and a key to input nested past the guard in every field', { timeout: 300_000 }, async () => {
    const callers: TCaller[] = ['anonymous', SENDER, SUPER];
    const findings: TFinding[] = [];
    let cases = 0;
    for (const [index, endpoint] of CATALOGUE.entries()) {
      const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
      const names = fieldsOf(hasBody ? endpoint.body : endpoint.query);
      const fields: (string | null)[] = names.length > 0 ? names : [null];
      for (const [fieldIndex, field] of fields.entries()) {
        for (const [callerIndex, caller] of callers.entries()) {
          const deep = DEEP_JSON[(fieldIndex + callerIndex) % DEEP_JSON.length]!;
          for (const asText of hasBody ? [false, true] : [true]) {
            const { url, payload } = deepRequest(endpoint, field, deep, asText, SEED + index);
            const headers: Record<string, string> = payload === undefined ? {} : { 'content-type': 'application/json' };
            const response = await clients.get(caller)!.call(endpoint.method, url, payload, headers);
            cases++;
            if (!check(response)) {
              findings.push({
                endpoint: endpoint.id,
                caller,
                url: url.slice(0, 300),
                body: `${field}: ${deep.slice(-30)}${asText ? ' as text' : ''}`,
                status: response.statusCode,
                answer: response.body.slice(0, 200),
              });
            }
            if (caller !== 'anonymous' && sessionLost(response)) await heal();
          }
        }
      }
    }
    process.stdout.write(`catalogue fuzz, deep input: ${cases} cases, ${findings.length} findings, seed ${SEED}\n`);
    expect(findings.slice(0, 10)).toEqual([]);
  });
});
