import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

/** Reports without a session are limited per client IP; signed-in users are not. */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ FEEDBACK_RATE_LIMIT_PER_MINUTE: '3', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const report = { name: 'Ana', email: 'ana@example.com', subject: 'Hello', msg: 'A report' };

describe('configuration/sendFeedback without a session', () => {
  it('answers 429 with a key past the per-IP limit, while signed-in users go on', async () => {
    const anonymous = new TestClient(t.app);
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await anonymous.post('configuration/sendFeedback', report)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await anonymous.post('configuration/sendFeedback', report);
    expect(refused.json()).toEqual({ key: 'ERR_TOO_MANY_REQUESTS' });
    const user = await signedInClient(t.app, 'company.user');
    for (let n = 0; n < 4; n++) expect((await user.post('configuration/sendFeedback', report)).statusCode).toBe(200);
  });
});
