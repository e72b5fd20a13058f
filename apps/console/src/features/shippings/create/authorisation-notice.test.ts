import type { TShippingTypeOption } from '@sello/contracts/catalogue/shippings-list';
import { describe, expect, it } from 'vitest';
import { authorisationOutlook } from './authorisation-notice.tsx';

const base: TShippingTypeOption = {
  value: 1,
  text: 'Deed acceptance',
  description: null,
  blocked: false,
  serviceKind: 'acceptance',
  companyId: null,
  requiresAuth: true,
  authDeadlineHours: 48,
  authorisers: [{ kind: 'user', id: 7, name: 'Marta Lopes' }],
};
const candidates = [
  { value: 7, text: 'Marta Lopes' },
  { value: 9, text: 'Ana Ruiz' },
];

describe('authorisationOutlook', () => {
  it("names the type's authorisers and the users the sender adds, each once, with the deadline", () => {
    expect(authorisationOutlook(base, [9, 7], candidates)).toEqual({
      needed: true,
      by: ['Marta Lopes', 'Ana Ruiz'],
      deadlineHours: 48,
    });
  });

  it('says a type that requires authorisation but names nobody still needs it, with nobody yet', () => {
    expect(authorisationOutlook({ ...base, authorisers: [] }, [], candidates)).toMatchObject({ needed: true, by: [] });
  });

  it('needs no authorisation when the type does not ask for it and nobody is named, as the server decides', () => {
    const free = { ...base, requiresAuth: false, authorisers: [] };
    expect(authorisationOutlook(free, [], candidates)).toEqual({ needed: false });
    // An authoriser the sender adds makes the shipping wait for them.
    expect(authorisationOutlook(free, [9], candidates)).toMatchObject({ needed: true, by: ['Ana Ruiz'] });
  });
});
