import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TTestApp } from '../../test/test-app.ts';
import { createRateLimits } from './rate-limit.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('rate limits counted in PostgreSQL', () => {
  it('allows `limit` hits in a window, refuses the next with the seconds left, and starts again after it', async () => {
    let now = new Date();
    const limits = createRateLimits(t.database.db, () => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limits.hit('test:window', 3, 1));
    expect(results.map((result) => [result.allowed, result.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3]?.retryAfterSeconds).toBe(1);
    now = new Date(now.getTime() + 1_000);
    expect(await limits.hit('test:window', 3, 1)).toMatchObject({ allowed: true, count: 1 });
  });

  it('loses no count when many copies hit one key at the same moment', async () => {
    // Two limiters over one database stand for two server copies; 40 hits race on separate connections.
    const copies = [createRateLimits(t.database.db), createRateLimits(t.database.db)];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => copies[i % 2]?.hit('test:race', 25, 60) ?? Promise.reject()),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(25);
  });

  it('keeps keys apart and forgets one on reset', async () => {
    const limits = createRateLimits(t.database.db);
    await limits.hit('test:a', 1, 60);
    expect(await limits.hit('test:b', 1, 60)).toMatchObject({ allowed: true, count: 1 });
    expect(await limits.hit('test:a', 1, 60)).toMatchObject({ allowed: false, count: 2 });
    await limits.reset('test:a');
    expect(await limits.hit('test:a', 1, 60)).toMatchObject({ allowed: true, count: 1 });
  });

  it('limits feedback reports without a session per client address: 5 a minute, then 429 ERR_TOO_MANY_REQUESTS', async () => {
    const client = new TestClient(t.app);
    const report = { name: 'Ana', email: 'ana@example.com', subject: 'Slow page', msg: 'The list is slow.' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('configuration/sendFeedback', report)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
    const refused = await client.post('configuration/sendFeedback', report);
    expect(refused.json()).toEqual({ key: 'ERR_TOO_MANY_REQUESTS' });
  });
});
