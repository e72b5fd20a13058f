import { PREFERENCES } from '@sello/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTwoCopies, type TCopy } from '../../../test/two-copies.ts';

// Two copies of the server on one PostgreSQL: a setting changed through one is what the other uses next, with no
// restart and well inside the copies' 60-second preference cache.

let copies: [TCopy, TCopy];

beforeAll(async () => {
  copies = await startTwoCopies({ TRUST_PROXY: 'true' });
}, 90_000);
afterAll(async () => {
  for (const copy of copies ?? []) await copy.close();
});

async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('settings on two copies', () => {
  it('a change made on one copy is applied by the other at once', async () => {
    const [first, second] = copies;
    const config = async () =>
      (await new HttpClient(second.url, '198.51.100.60').call('GET', 'configuration/getOtherConfig')).json();
    // The second copy caches the old values.
    const before = await config();
    expect(before.manualUrlPt).toBeNull();

    const superAdmin = new HttpClient(first.url, '198.51.100.61');
    expect((await superAdmin.login('super.admin')).status).toBe(200);
    const changed = await superAdmin.call('PUT', 'administration/settings/update', {
      [PREFERENCES.sessionTime]: 90,
      MANUAL_URL_PT: 'https://ajuda.sello.test/manual.pdf',
    });
    expect(changed.status, changed.body.toString()).toBe(200);

    await until(
      'the second copy to show the new help address',
      async () => (await config()).manualUrlPt !== null,
      3_000,
    );
    expect(await config()).toMatchObject({
      manualUrlPt: 'https://ajuda.sello.test/manual.pdf',
      sessionTimeMinutes: 90,
    });
    const signedIn = await new HttpClient(second.url, '198.51.100.62').login('company.user');
    expect(Math.round((signedIn.json().expiration - Date.now()) / 60_000)).toBe(90);
  }, 60_000);
});
