/** A shipping list row for screen tests: an acceptance sent by e-mail, with `overrides` on top. */
export function makeShippingRow(requestId: number, overrides: Partial<TShippingRow> = {}): TShippingRow {
  return {
    requestId,
    guid: `guid-${requestId}`,
    reference: `REF-${requestId}`,
    subject: `Subject ${requestId}`,
    service: 'acceptance',
    channel: 'email',
    typeId: 2,
    typeName: 'Deed acceptance',
    companyId: 1,
    companyName: 'Notaría Central S.L.',
    senderId: 5,
    sender: 'Javier Ruiz',
    receiver: 'Ana Gil +1',
    state: 'sent',
    result: null,
    isSandbox: false,
    deleted: false,
    deletedAt: null,
    deletedBy: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
