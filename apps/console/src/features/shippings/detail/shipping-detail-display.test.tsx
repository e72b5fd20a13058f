import { shippingsDetailApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { allowedUserActions } from '@sello/contracts/shipping-lifecycle';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DETAIL, HASH, mockedCall, renderDetail, setUpShippingDetailPage } from './shipping-detail.test-setup.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));
vi.mock('../../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

const ACTIONS = ['authorize', 'deny', 'retry', 'delete', 'recover'] as const;
const shownActions = () => ACTIONS.filter((action) => screen.queryByTestId(`detail-${action}`) !== null);

let detail: TShippingDetail = DETAIL;
setUpShippingDetailPage(
  () => detail,
  () => {
    detail = DETAIL;
  },
);

describe('shipping detail page', () => {
  it('shows the shipping data in the console language', async () => {
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.getByRole('heading', { name: 'Shipping 41' })).toBeTruthy();
    expect(screen.getByTestId('detail-state').textContent).toBe('Awaiting authorisation');
    expect(screen.getByTestId('detail-result').textContent).toBe('—');
    const data = screen.getByTestId('detail-data').textContent ?? '';
    for (const text of ['EXP-2026-41', 'Deed of sale', 'Acceptance', 'E-mail', 'Deed acceptance', 'Javier Ruiz'])
      expect(data).toContain(text);
    expect(data).toContain('Notaría Central S.L.');
    expect(data).toContain('guid-41');
    expect(data).toContain('fileNumber');
    expect(data).toContain('F-778');
    expect(screen.getByTestId('detail-body').textContent).toBe('Please read and accept the deed.');
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsDetailApi.detail);
    expect(call?.[1]).toEqual({ query: { requestId: 41 } });
  });

  it('shows the words of the template a shipping was sent in when the sender wrote none', async () => {
    detail = { ...DETAIL, body: null, templateBody: '<p>Dear {{name}},</p><p>your deed <b>EXP-41</b> awaits.</p>' };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.getByTestId('detail-body').textContent).toBe('Dear {{name}},\nyour deed EXP-41 awaits.');
  });

  it('reads the accepted result of a notification as delivered, of an acceptance as accepted', async () => {
    const acknowledged = DETAIL.receivers.map((receiver) => ({ ...receiver, status: 'accepted' as const }));
    detail = { ...DETAIL, service: 'notification', result: 'accepted', receivers: acknowledged };
    renderDetail();
    expect((await screen.findByTestId('detail-result')).textContent).toBe('Delivered');
    expect(screen.getByTestId('receiver-status-1').textContent).toBe('Receipt confirmed');
    cleanup();
    detail = { ...DETAIL, service: 'acceptance', result: 'accepted', receivers: acknowledged };
    renderDetail();
    expect((await screen.findByTestId('detail-result')).textContent).toBe('Accepted');
    expect(screen.getByTestId('receiver-status-1').textContent).toBe('Accepted');
  });

  it('lists the receivers with their contact and translated delivery status', async () => {
    renderDetail();
    const receivers = await screen.findByTestId('detail-receivers');
    const rows = within(receivers).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Ana Gil');
    expect(rows[0]?.textContent).toContain('NIF 12345678Z');
    expect(rows[1]?.textContent).toContain('luis@example.com · +34600111222');
    expect(screen.getByTestId('receiver-status-1').textContent).toBe('Pending');
    expect(screen.getByTestId('receiver-status-2').textContent).toBe('Opened');
  });

  it('lists the documents with kind, size and hash', async () => {
    renderDetail();
    const documents = await screen.findByTestId('detail-documents');
    const rows = within(documents).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('deed.pdf');
    expect(rows[0]?.textContent).toContain('Original');
    expect(rows[0]?.textContent).toContain('2.0 KB');
    expect(rows[1]?.textContent).toContain('Certificate');
    expect(rows[1]?.textContent).toContain('3.0 MB');
    expect(screen.getByTestId('document-sha-501').textContent).toContain(HASH);
  });

  it('shows the timeline of events and the authorisations, translated', async () => {
    renderDetail();
    await screen.findByTestId('shipping-detail');
    const created = screen.getByTestId('event-1').textContent ?? '';
    expect(created).toContain('Javier Ruiz');
    expect(created).not.toContain('L LT');
    expect(created).toMatch(/2026/);
    expect(created).toContain('Created: Awaiting authorisation');
    const expired = screen.getByTestId('event-2').textContent ?? '';
    expect(expired).toContain('System');
    expect(expired).toContain('Authorisation expired: Awaiting authorisation → Authorisation expired (Not sent)');
    expect(expired).toContain('No answer in time');
    // Each event names its ETSI EN 319 522 evidence group.
    expect(screen.getByTestId('event-group-1').textContent).toBe('Submission');
    expect(screen.getByTestId('event-group-2').textContent).toBe('Submission');
    const authorisations = screen.getByTestId('detail-authorisations');
    expect(authorisations.textContent).toContain('Marta Manager');
    expect(screen.getByTestId('authorisation-9').textContent).toBe('Pending');
  });

  it('shows the situation code with its translated reason and the identification step, not raw values', async () => {
    detail = {
      ...DETAIL,
      situationCode: 'P03',
      situationReason: 'USER_MOBILE_CHANGED',
      identificationSubstate: 'IDCARD_SAVING_OTHER_MISSING',
    };
    renderDetail();
    expect((await screen.findByTestId('detail-situation')).textContent).toBe('P03 · The user changed mobile number');
    expect(screen.getByTestId('detail-identification').textContent).toBe('Other document missing');
  });

  it('shows no situation while the shipping has none', async () => {
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.queryByTestId('detail-situation')).toBeNull();
    expect(screen.queryByTestId('detail-identification')).toBeNull();
  });

  it('hides the authorisations of a shipping that needs none', async () => {
    detail = { ...DETAIL, authorisations: [] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.queryByTestId('detail-authorisations')).toBeNull();
  });

  it.each([
    { state: 'pending_auth', result: null, deleted: false, server: ['authorize', 'deny', 'delete'] },
    { state: 'not_send_error', result: 'error', deleted: false, server: ['retry', 'delete'] },
    { state: 'auths_expired', result: 'not_send', deleted: false, server: ['retry', 'delete'] },
    { state: 'sent', result: null, deleted: false, server: [] },
    { state: 'closed', result: 'accepted', deleted: true, server: ['recover'] },
  ] as const)('offers in $state (deleted: $deleted) only what the state machine allows', async (row) => {
    detail = { ...DETAIL, state: row.state, result: row.result, deleted: row.deleted, allowedActions: [...row.server] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    const machine: readonly string[] = allowedUserActions(row);
    expect(shownActions()).toEqual(ACTIONS.filter((action) => machine.includes(action)));
    expect(shownActions()).toEqual(ACTIONS.filter((action) => (row.server as readonly string[]).includes(action)));
  });

  it('never offers an action the state machine refuses, whatever the server lists', async () => {
    detail = { ...DETAIL, state: 'sent', allowedActions: ['authorize', 'deny', 'retry', 'delete', 'recover'] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(shownActions()).toEqual([]);
  });

  it('offers only what the server allows the user, even when the state would allow more', async () => {
    detail = { ...DETAIL, allowedActions: ['delete'] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(shownActions()).toEqual(['delete']);
  });

  it('marks a deleted shipping and offers to recover it', async () => {
    detail = { ...DETAIL, state: 'closed', deleted: true, allowedActions: ['recover'] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect(screen.getByText('This shipping is deleted; you can recover it.')).toBeTruthy();
    expect(shownActions()).toEqual(['recover']);
  });
});
