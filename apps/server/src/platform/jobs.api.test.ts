import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { bindJob, createJobQueue, defineJob } from './jobs.ts';

const TEST_JOB = defineJob({
  name: 'test-typed-payload',
  payload: z.object({ n: z.number().int() }),
  batchSize: 5,
  pollingIntervalSeconds: 0.5,
});
/** The same queue as an older or careless sender sees it: its payload does not match the worker's schema. */
const MISMATCHED_TEST_JOB = defineJob({ name: TEST_JOB.name, payload: z.object({ n: z.string() }) });

let t: TTestApp;
let queue: ReturnType<typeof createJobQueue>;
const worked: number[] = [];
const logLines: { level: number; msg: string; job?: string; jobId?: string; issues?: { path: string[] }[] }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  queue = createJobQueue({ pool: t.database.pool, db: t.database.db, leaseSeconds: 15, logger, work: true });
  await queue.start([
    bindJob(TEST_JOB, {
      runBatch: async (payloads) => {
        worked.push(...payloads.map((payload) => payload.n));
      },
    }),
  ]);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function stateOf(id: string | null): Promise<string | undefined> {
  const { rows } = await t.database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]?.state;
}

describe('the job queue', () => {
  it('fails a job whose payload does not match its schema with a log line, and runs the valid ones', async () => {
    const malformed = await queue.send(MISMATCHED_TEST_JOB, { n: 'seven' });
    const valid = await queue.send(TEST_JOB, { n: 7 });

    await expect.poll(() => stateOf(valid), { timeout: 20_000, interval: 250 }).toBe('completed');
    await expect.poll(() => stateOf(malformed), { timeout: 20_000, interval: 250 }).toBe('failed');
    expect(worked).toEqual([7]);
    const logged = logLines.find((line) => line.jobId === malformed);
    expect(logged).toMatchObject({ level: 50, job: TEST_JOB.name, msg: expect.stringContaining('schema') });
    expect(logged?.issues?.[0]?.path).toEqual(['n']);

    // The worker keeps working after the malformed job.
    const next = await queue.send(TEST_JOB, { n: 8 });
    await expect.poll(() => stateOf(next), { timeout: 20_000, interval: 250 }).toBe('completed');
    expect(worked).toEqual([7, 8]);
  });
});
