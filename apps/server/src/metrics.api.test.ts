import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HEADERS } from '@sello/contracts/constants';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companyIdOf } from '../test/admin-fixtures.ts';
import { createApiKey } from '../test/api-key-fixtures.ts';
import { startProviderStub } from '../test/provider-stub.ts';
import { createShippingTestApp, LUCIA, pdfDataUrl, selectMessagesOf, sendShipping } from '../test/shipping-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../test/test-app.ts';
import { createDeliveryJobs } from './delivery/delivery-jobs.ts';
import { dispatchShippings } from './delivery/dispatch.service.ts';
import { sendMessage } from './delivery/dispatch-send.ts';
import { createEvidenceJobs } from './evidence/evidence-jobs.ts';
import { DELIVERY_JOBS } from './platform/job-catalogue.ts';
import { bindJob, createJobQueue, defineJob } from './platform/jobs.ts';
import { lockShipping } from './shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from './shippings/shipping-transitions.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

let t: TTestApp;
let user: TestClient;
let provider: Awaited<ReturnType<typeof startProviderStub>>;

beforeAll(async () => {
  provider = await startProviderStub();
  t = await createShippingTestApp({
    METRICS_TOKEN: TOKEN,
    SMS_PROVIDER_URL: provider.url,
    SMS_PROVIDER_TOKEN: 'sms-token',
  });
  user = await signedInClient(t.app, 'company.user');
});

afterAll(async () => {
  await t.close();
  await provider.close();
});

type TSample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** Reads Prometheus's text format strictly: every line a comment, a TYPE of a known kind, or a sample of a typed family. */
function parseExposition(text: string): TSample[] {
  const families = new Map<string, string>();
  const samples: TSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice('# TYPE '.length).split(' ');
      if (!name || !type || !TYPES.has(type)) throw new Error(`bad TYPE line: ${line}`);
      families.set(name, type);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const name = match[1]!;
    const family = families.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!families.has(family)) throw new Error(`sample of an undeclared family: ${line}`);
    // Read as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`).
    const value = Number(match[3]!.replace(/^([+-]?)inf$/i, '$1Infinity'));
    if (Number.isNaN(value) && !/^nan$/i.test(match[3]!)) throw new Error(`bad value: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((pair) => [pair[1]!, pair[2]!]));
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
function sumOf(samples: TSample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

function scrapeRaw(headers: InjectOptions['headers'] = { authorization: `Bearer ${TOKEN}` }, app = t.app) {
  return app.inject({ method: 'GET', url: '/metrics', headers });
}

async function scrape(): Promise<TSample[]> {
  const response = await scrapeRaw();
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
}

async function smsShipping(): Promise<{ shippingId: number; messageId: string }> {
  const shippingId = await sendShipping(user, t.database.db, 'Policy renewal notice', {
    channel: 'sms',
    receivers: [LUCIA],
  });
  expect(await dispatchShippings(t.ctx, [String(shippingId)])).toEqual([String(shippingId)]);
  const [message] = await selectMessagesOf(t.database.db, shippingId);
  return { shippingId, messageId: message!.id };
}

const jobOf = (jobs: ReturnType<typeof createDeliveryJobs>, name: string) => jobs.find((job) => job.name === name)!;

describe('GET /metrics', () => {
  it('answers 404 on a server without METRICS_TOKEN', async () => {
    const bare = await createTestApp();
    try {
      expect((await scrapeRaw(undefined, bare.app)).statusCode).toBe(404);
      expect((await scrapeRaw({ authorization: `Bearer ${TOKEN}` }, bare.app)).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('refuses a caller without the token: none, a wrong one, another scheme, a session, an API key', async () => {
    const admin = await signedInClient(t.app, 'super.admin');
    const companyAdmin = await signedInClient(t.app, 'company.admin');
    const apiKey = await createApiKey(companyAdmin, await companyIdOf(t.database.db, 'B12345674'));
    const refused: InjectOptions['headers'][] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { [HEADERS.authToken]: admin.token!, cookie: admin.cookieHeader('/metrics') },
      { authorization: `Bearer ${apiKey.secret}` },
    ];
    for (const headers of refused) {
      const response = await scrapeRaw(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ key: 'ERR_METRICS_TOKEN_INVALID' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('sello_');
    }
  });

  it('parses, with the process, event-loop, pool and queue series', async () => {
    const samples = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'sello_db_pool_waiting',
      'sello_certificates_produced_total',
    ]) {
      expect(
        samples.some((sample) => sample.name === name),
        name,
      ).toBe(true);
    }
    expect(sumOf(samples, 'sello_db_pool_connections', { state: 'max' })).toBe(4);
    expect(sumOf(samples, 'sello_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'sello_job_queue_depth' && sample.labels.queue)).toBe(true);
  });

  it('the alert rules of ops/alerts.yml name only series this server exports', async () => {
    const response = await scrapeRaw();
    const families = new Set([...response.body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    const rules = readFileSync(path.resolve(import.meta.dirname, '../../../ops/alerts.yml'), 'utf8');
    const named = new Set([...rules.matchAll(/\b(?:sello|nodejs|process)_[a-z0-9_]+/g)].map((match) => match[0]));
    expect(named.size).toBeGreaterThan(5);
    const unknown = [...named].filter(
      (name) => !families.has(name) && !families.has(name.replace(/_(bucket|sum|count)$/, '')),
    );
    expect(unknown).toEqual([]);
  });

  it('counts requests by route template, method and status after traffic; an unknown path is one "unmatched" route', async () => {
    const before = await scrape();
    const healthz = { route: '/healthz', method: 'GET', status: '200' };
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/no-such-page-4711' });
    await t.app.inject({ method: 'GET', url: '/no-such-page-4712' });
    const after = await scrape();
    const count = 'sello_http_request_duration_seconds_count';
    expect(sumOf(after, count, healthz) - sumOf(before, count, healthz)).toBe(3);
    const unmatched = { route: 'unmatched', status: '404' };
    expect(sumOf(after, count, unmatched) - sumOf(before, count, unmatched)).toBe(2);
    expect(after.some((sample) => JSON.stringify(sample.labels).includes('no-such-page'))).toBe(false);
    const bucket = { ...healthz, le: '+Inf' };
    expect(sumOf(after, 'sello_http_request_duration_seconds_bucket', bucket)).toBe(sumOf(after, count, healthz));
  });

  it('counts messages by channel and outcome, and the provider errors, as the SMS provider answers', async () => {
    const before = await scrape();
    const first = await smsShipping();
    await sendMessage({ ...t.ctx, logger: t.app.log }, first.messageId);
    const second = await smsShipping();
    provider.answer = 400;
    try {
      await sendMessage({ ...t.ctx, logger: t.app.log }, second.messageId);
    } finally {
      provider.answer = 200;
    }
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(moved('sello_messages_total', { channel: 'sms', outcome: 'sent' })).toBe(1);
    expect(moved('sello_messages_total', { channel: 'sms', outcome: 'failed' })).toBe(1);
    expect(moved('sello_provider_errors_total', { transport: 'sms_http', kind: 'permanent' })).toBe(1);
  });

  it('shows the queues waiting, and how long the oldest due job has waited', async () => {
    const queue = DELIVERY_JOBS.send.name;
    const before = await scrape();
    await t.ctx.jobs.send(DELIVERY_JOBS.send, { messageId: '999999991' });
    await t.ctx.jobs.send(DELIVERY_JOBS.send, { messageId: '999999992' });
    const after = await scrape();
    expect(sumOf(after, 'sello_job_queue_depth', { queue }) - sumOf(before, 'sello_job_queue_depth', { queue })).toBe(
      2,
    );
    await t.database.pool.query(
      "UPDATE pgboss.job SET start_after = now() - interval '20 minutes' WHERE name = $1 AND state < 'active'",
      [queue],
    );
    expect(sumOf(await scrape(), 'sello_job_queue_oldest_seconds', { queue })).toBeGreaterThanOrEqual(1200);
  });

  it('counts the certificates produced, and a time-stamping authority that does not answer', async () => {
    const before = await scrape();
    const shippingId = await sendShipping(user, t.database.db, 'Notarial notification', {
      documents: [{ name: 'deed.pdf', content: pdfDataUrl('Metrics certificate') }],
    });
    // Dispatched and accepted by its receiver: the certificate is due.
    await t.database.db.transaction().execute(async (trx) => {
      const shipping = (await lockShipping(trx, null, String(shippingId)))!;
      for (const action of ['dispatch', 'accept'] as const)
        await applyTransition(trx, t.ctx.jobs, shipping, action, null);
    });
    const unreachable = {
      ...t.ctx,
      config: { ...t.ctx.config, TSA_URL: 'http://127.0.0.1:9/tsa', TSA_TIMEOUT_MS: 500 },
    };
    const [failing] = createEvidenceJobs(unreachable);
    await expect(failing!.run!({ shippingId: String(shippingId) })).rejects.toThrow(/TSA/);
    const [certificate] = createEvidenceJobs(t.ctx);
    await certificate!.run!({ shippingId: String(shippingId) });
    const after = await scrape();
    expect(sumOf(after, 'sello_certificates_produced_total') - sumOf(before, 'sello_certificates_produced_total')).toBe(
      1,
    );
    const tsa = { dependency: 'trust_service' };
    expect(
      sumOf(after, 'sello_dependency_errors_total', tsa) - sumOf(before, 'sello_dependency_errors_total', tsa),
    ).toBe(1);
    // The first certificate of the file: the demo seal, the demo TSA and their CAs are made here (four RSA keys).
  }, 90_000);

  it('counts a job run that fails, by queue', async () => {
    const failing = defineJob({ name: 'metrics-test-failing', retryLimit: 0, pollingIntervalSeconds: 0.5 });
    const worker = createJobQueue({
      pool: t.database.pool,
      db: t.database.db,
      leaseSeconds: 15,
      logger: pino({ level: 'silent' }),
      work: true,
    });
    await worker.start([
      bindJob(failing, {
        run: async () => {
          throw new Error('the handler failed');
        },
      }),
    ]);
    try {
      await worker.send(failing);
      await expect
        .poll(async () => sumOf(await scrape(), 'sello_job_failures_total', { queue: failing.name }), {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('the stuck-work sweep logs at error level and counts what it queued again', async () => {
    const { shippingId } = await smsShipping();
    // Left in pending_to_send by a copy that died before dispatching it.
    await t.database.db
      .updateTable('shippings')
      .set({ state: 'pending_to_send', updated_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', String(shippingId))
      .execute();
    const before = await scrape();
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      await jobOf(createDeliveryJobs(t.ctx), DELIVERY_JOBS.sweep.name).run!(undefined);
      const stuck = errors.mock.calls.find(([, message]) => String(message).startsWith('stuck work'));
      expect(stuck?.[0]).toMatchObject({ requeued: { shippings: expect.any(Number) } });
    } finally {
      errors.mockRestore();
    }
    const after = await scrape();
    const shippings = { kind: 'shippings' };
    expect(
      sumOf(after, 'sello_stuck_work_requeued_total', shippings) -
        sumOf(before, 'sello_stuck_work_requeued_total', shippings),
    ).toBeGreaterThanOrEqual(1);
  });
});
