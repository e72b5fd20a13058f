import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let user: TestClient;
let admin: TestClient;
let userId: string;

beforeAll(async () => {
  t = await createShippingTestApp({ EXPORTS_IN_COURSE_PER_USER: '2' });
  user = await signedInClient(t.app, 'company.user');
  admin = await signedInClient(t.app, 'company.admin');
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'company.user')
    .executeTakeFirstOrThrow();
  userId = String(row.id);
});
afterAll(() => t.close());

/** An export of the user's that is still being prepared (as a long one would be). */
async function exportInCourse(state: 'pending' | 'running') {
  const row = await t.database.db
    .insertInto('export_jobs')
    .values({ user_id: userId, kind: 'shippings', request: JSON.stringify({ scope: 'all' }), state })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const startExport = (client: TestClient) =>
  client.post('shippings/shippingsreport', { scope: 'own', asynchronous: true });

describe('asynchronous exports are capped per user', () => {
  it('refuses the next export with ERR_EXPORTS_IN_COURSE while the configured number is in course, and no other user is held back', async () => {
    const first = await exportInCourse('pending');
    await exportInCourse('running');
    const refused = await startExport(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ key: 'ERR_EXPORTS_IN_COURSE', params: { max: 2 } });
    const jobs = await t.database.db.selectFrom('export_jobs').select('id').where('user_id', '=', userId).execute();
    expect(jobs).toHaveLength(2);

    expect((await startExport(admin)).statusCode).toBe(202);

    await t.database.db.updateTable('export_jobs').set({ state: 'failed' }).where('id', '=', first).execute();
    const accepted = await startExport(user);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ jobId: expect.any(String) });
  });

  it('lets parallel requests through only up to the cap', async () => {
    await t.database.db.deleteFrom('export_jobs').where('user_id', '=', userId).execute();
    await exportInCourse('running');
    // The shippings table held locked keeps the accepted export in course (as a long one would be), so the
    // answers do not depend on how fast that export finishes.
    const answers = await t.database.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE shippings IN ACCESS EXCLUSIVE MODE`.execute(trx);
      return Promise.all(Array.from({ length: 6 }, () => startExport(user)));
    });
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429, 429, 429, 429, 429]);
  });
});
