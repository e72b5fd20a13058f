import { DRAFT_LIMITS } from '@sello/contracts/catalogue/drafts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SHIPPING_FORM = '/shippings/create';
const typed = { subject: 'Aviso de renovación', receivers: [{ name: 'Lucía Pérez', email: 'lucia@example.es' }] };

describe('drafts/saveDraft and drafts/readDrafts', () => {
  it('keeps what a user typed across a sign-out and offers it back after the next sign-in', async () => {
    const before = await signedInClient(t.app, 'company.user');
    expect((await before.put('drafts/saveDraft', { form: SHIPPING_FORM, values: typed })).statusCode).toBe(200);
    await before.get('security/logout');
    expect((await before.get('drafts/readDrafts')).statusCode).toBe(401);

    const after = await signedInClient(t.app, 'company.user');
    const drafts = await after.get(`drafts/readDrafts?form=${encodeURIComponent(SHIPPING_FORM)}`);
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json()).toEqual([{ form: SHIPPING_FORM, values: typed, savedAt: expect.any(String) }]);

    // Dropped once sent (null values): nothing is offered any more.
    await after.put('drafts/saveDraft', { form: SHIPPING_FORM, values: null });
    expect((await after.get('drafts/readDrafts')).json()).toEqual([]);
  });

  it("never shows one user's draft to another, whatever their role or domain", async () => {
    const owner = await signedInClient(t.app, 'company.manager');
    await owner.put('drafts/saveDraft', { form: '/types/create', values: { name: 'Only mine' } });
    for (const login of ['super.admin', 'domain.admin', 'company.admin', 'company.user', 'acme.admin']) {
      const other = await signedInClient(t.app, login);
      const answer = await other.get('drafts/readDrafts');
      expect(answer.statusCode, login).toBe(200);
      expect(answer.body, login).not.toContain('Only mine');
      // Saving the same form only touches the caller's own draft.
      await other.put('drafts/saveDraft', { form: '/types/create', values: null });
    }
    expect((await owner.get('drafts/readDrafts')).json()).toMatchObject([{ values: { name: 'Only mine' } }]);
  });

  it('refuses a caller without a session', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.put('drafts/saveDraft', { form: SHIPPING_FORM, values: typed })).statusCode).toBe(401);
    expect((await anonymous.get('drafts/readDrafts')).statusCode).toBe(401);
  });

  it('refuses a draft over the size limit and a form that is no console route, keeping nothing', async () => {
    const client = await signedInClient(t.app, 'company.admin');
    const big = await client.put('drafts/saveDraft', {
      form: '/administration/companies/create/1',
      values: { name: 'x'.repeat(DRAFT_LIMITS.maxBytes) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { values: 'ERR_DRAFT_TOO_LARGE' } });
    const odd = await client.put('drafts/saveDraft', { form: 'javascript:alert(1)', values: typed });
    expect(odd.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { form: 'ERR_FIELD_INVALID' } });
    expect((await client.get('drafts/readDrafts')).json()).toEqual([]);
  });

  it('offers no expired draft and keeps only the newest drafts of a user', async () => {
    const client = await signedInClient(t.app, 'domain.admin');
    for (let index = 0; index < DRAFT_LIMITS.perUser + 2; index++) {
      await client.put('drafts/saveDraft', { form: `/types/edit/${index + 1}`, values: { name: `Type ${index}` } });
    }
    const kept = (await client.get('drafts/readDrafts')).json() as { form: string }[];
    expect(kept).toHaveLength(DRAFT_LIMITS.perUser);
    expect(kept.map((draft) => draft.form)).not.toContain('/types/edit/1');

    await sql`UPDATE form_drafts SET expires_at = now() - interval '1 minute' WHERE form = '/types/edit/22'`.execute(
      t.database.db,
    );
    const live = (await client.get('drafts/readDrafts')).json() as { form: string }[];
    expect(live.map((draft) => draft.form)).not.toContain('/types/edit/22');
    expect(live).toHaveLength(DRAFT_LIMITS.perUser - 1);
  });
});
