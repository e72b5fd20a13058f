import { describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { notaria, seguros, setUpShippingsCreateTestApp, t, user } from './shippings-create.test-setup.ts';

setUpShippingsCreateTestApp();

describe('shippings/shippingListTypes', () => {
  it('lists the types a user can use, with what creation needs when complete', async () => {
    const all = (await user.get('shippings/shippingListTypes')).json();
    const names = all.map((type: { text: string }) => type.text);
    expect(names).toContain('Document custody');
    expect(names).not.toContain('NFC identity check');
    expect(names).not.toContain('Warehouse custody');
    expect(all.find((type: { text: string }) => type.text === 'Video identification').blocked).toBe(true);
    const active = (await user.get('shippings/shippingListTypes?onlyactive=true')).json();
    expect(active.map((type: { text: string }) => type.text)).not.toContain('Video identification');
    const complete = (await user.get(`shippings/shippingListTypes?companyId=${notaria}&complete=true`)).json();
    expect(complete.find((type: { text: string }) => type.text === 'Joint deed acceptance')).toMatchObject({
      serviceKind: 'double_acceptance',
      channels: ['email', 'sms', 'onscreen'],
      requiresAuth: true,
      authDeadlineHours: 72,
      authorisers: [
        { kind: 'user', name: 'Marta Lopes', id: expect.any(Number) },
        { kind: 'group', name: 'Legal', id: expect.any(Number) },
      ],
    });
    expect(all[0].channels).toBeUndefined();
    // Without `complete`, a combo's entry and nothing more.
    for (const type of all) {
      expect(Object.keys(type).sort()).toEqual(['blocked', 'companyId', 'description', 'serviceKind', 'text', 'value']);
    }
    expect(complete.every((type: { settings?: unknown }) => type.settings !== undefined)).toBe(true);
  });

  it('answers 404 for a company the user is not assigned to', async () => {
    expect((await user.get(`shippings/shippingListTypes?companyId=${seguros}`)).statusCode).toBe(404);
    const acme = await companyIdOf(t.database.db, 'B87654323');
    expect((await user.get(`shippings/shippingListTypes?companyId=${acme}`)).statusCode).toBe(404);
  });
});
