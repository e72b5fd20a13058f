import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsDetailApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { PATHS } from '@sello/contracts/routes';
import { allowedUserActions } from '@sello/contracts/shipping-lifecycle';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { ApiCallError, callEndpoint, type TCallInput } from '../../../api/http-client.ts';
import { session } from '../../../session/session-store.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { makeSessionUser } from '../../../test/session-user.ts';
import { makeShippingRow } from '../../../test/shipping-row.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import ShippingDetailPage from './shipping-detail-page.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));
vi.mock('../../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

const HASH = 'a'.repeat(64);

const DETAIL: TShippingDetail = {
  ...makeShippingRow(41, {
    reference: 'EXP-2026-41',
    subject: 'Deed of sale',
    state: 'pending_auth',
    updatedAt: '2026-03-01T10:05:00.000Z',
  }),
  body: 'Please read and accept the deed.',
  templateId: null,
  situationCode: null,
  situationReason: null,
  identificationSubstate: null,
  customFields: { fileNumber: 'F-778' },
  metaProperties: {},
  formValues: [],
  multiSignerOrder: 0,
  pinSignatureText: null,
  font: null,
  custodyDays: null,
  requiresAuth: true,
  authRound: 1,
  authDeadlineAt: '2026-03-08T10:00:00.000Z',
  responseDeadlineAt: null,
  custodyUntil: null,
  receivers: [
    {
      position: 1,
      receiverType: 1,
      name: 'Ana Gil',
      documentType: 'NIF',
      documentNumber: '12345678Z',
      email: 'ana@example.com',
      cc: null,
      mobile: null,
      language: 'es-es',
      postal: null,
      status: 'pending',
      statusAt: null,
    },
    {
      position: 2,
      receiverType: 1,
      name: 'Luis Mora',
      documentType: null,
      documentNumber: null,
      email: 'luis@example.com',
      cc: null,
      mobile: '+34600111222',
      language: null,
      postal: null,
      status: 'opened',
      statusAt: '2026-03-02T09:00:00.000Z',
    },
  ],
  documents: [
    {
      fileRequest: 501,
      name: 'deed.pdf',
      kind: 'original',
      category: 'UNSPECIFIED',
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      sha256: HASH,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
    {
      fileRequest: 502,
      name: 'evidence.pdf',
      kind: 'certificate',
      category: 'UNSPECIFIED',
      mimeType: 'application/pdf',
      sizeBytes: 3 * 1024 * 1024,
      sha256: HASH,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  events: [
    {
      seq: 1,
      at: '2026-03-01T10:00:00.000Z',
      actor: 'Javier Ruiz',
      actorUserId: 5,
      action: 'create',
      fromState: null,
      fromResult: null,
      toState: 'pending_auth',
      toResult: null,
      deleted: false,
      reason: null,
      prevHash: '',
      hash: HASH,
    },
    {
      seq: 2,
      at: '2026-03-01T10:05:00.000Z',
      actor: 'system',
      actorUserId: null,
      action: 'authExpire',
      fromState: 'pending_auth',
      fromResult: null,
      toState: 'auths_expired',
      toResult: 'not_send',
      deleted: false,
      reason: 'No answer in time',
      prevHash: HASH,
      hash: HASH,
    },
  ],
  authorisations: [
    {
      id: 9,
      round: 1,
      authoriserKind: 'user',
      authoriserId: 8,
      authoriserName: 'Marta Manager',
      decision: 'pending',
      decidedById: null,
      decidedBy: null,
      decidedAt: null,
      comment: null,
      deadlineAt: '2026-03-08T10:00:00.000Z',
    },
  ],
  allowedActions: ['authorize', 'deny', 'delete'],
  canResendAccess: false,
};

const mockedCall = vi.mocked(callEndpoint);
let detail: TShippingDetail = DETAIL;

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  detail = DETAIL;
  mockedCall.mockReset();
  mockedCall.mockImplementation((async (endpoint: TEndpoint, input?: TCallInput<TEndpoint>) => {
    if (endpoint === shippingsDetailApi.detail) {
      const requestId = (input?.query as { requestId: number } | undefined)?.requestId;
      if (requestId !== detail.requestId) throw new ApiCallError('404 - Not Found', 404, { key: 'ERR_NOT_FOUND' });
      return detail;
    }
    if (endpoint === shippingsActionsApi.authorize) return { succeeded: [detail.requestId], failed: [] };
    if (endpoint === shippingsActionsApi.deny || endpoint === shippingsActionsApi.cancel) return { ok: true };
    if (endpoint === shippingsActionsApi.sendAccessCommunication) return { receivers: 2 };
    throw new Error(`unexpected call ${endpoint.id}`);
  }) as typeof callEndpoint);
  session.start(makeSessionUser({ permissions: { shippingList: true, newSend: true, editMode: true } }));
});

afterEach(() => {
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderDetail(id: number | string = DETAIL.requestId) {
  return renderRoutes(
    [
      { path: PATHS.shippingDetail, element: <ShippingDetailPage /> },
      { path: PATHS.shippingCopy, element: <div data-testid="copy-route" /> },
    ],
    `/shippings/detail/${id}`,
  );
}

const ACTIONS = ['authorize', 'deny', 'retry', 'delete', 'recover'] as const;
const shownActions = () => ACTIONS.filter((action) => screen.queryByTestId(`detail-${action}`) !== null);

function downloadOption(option: string): HTMLInputElement {
  const element = screen.getByTestId(`download-option-${option}`);
  const input = element instanceof HTMLInputElement ? element : element.querySelector('input');
  if (!input) throw new Error(`no checkbox ${option}`);
  return input;
}

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

  it('authorises the shipping and tells the user', async () => {
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-authorize'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_DONE_AUTHORIZE']));
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.authorize);
    expect(call?.[1]).toEqual({ body: { authorizeShippingList: [41] } });
  });

  it('asks why before denying, offering only the outcome the server accepts, and sends the reason', async () => {
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-deny'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Not authorised');
    expect(dialog.textContent).toContain('Rejected by the authoriser');
    expect(dialog.textContent).not.toContain('Rejected by the supervisor');
    fireEvent.change(screen.getByTestId('deny-comment'), { target: { value: 'Wrong amount' } });
    fireEvent.click(screen.getByTestId('deny-ok'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_DONE_DENY']));
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.deny);
    expect(call?.[1]).toEqual({
      params: { id: 41 },
      body: { stateCom: 'no_auth', resultCom: 'authorizer_reject', comment: 'Wrong amount' },
    });
  });

  it('a supervisor rejects a shipping under review only with a written reason', async () => {
    detail = { ...DETAIL, state: 'to_review', allowedActions: ['authorize', 'deny', 'delete'] };
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-deny'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Rejected by the supervisor');
    expect(dialog.textContent).not.toContain('Rejected by the authoriser');
    const ok = screen.getByTestId('deny-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('deny-comment'), { target: { value: 'Same receiver twice' } });
    expect(ok.disabled).toBe(false);
    fireEvent.click(ok);
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_DONE_DENY']));
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.deny);
    expect(call?.[1]).toEqual({
      params: { id: 41 },
      body: { stateCom: 'closed', resultCom: 'supervisor_reject', comment: 'Same receiver twice' },
    });
  });

  it('the sender cancels a shipping in course after confirming', async () => {
    detail = { ...DETAIL, state: 'in_course', allowedActions: ['cancel'] };
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-cancel'));
    fireEvent.click(await screen.findByTestId('cancel-confirm-ok'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_DONE_CANCEL']));
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.cancel);
    expect(call?.[1]).toEqual({ params: { id: 41 } });
  });

  it('offers a copy only to who may create shippings in edit mode', async () => {
    const router = renderDetail();
    fireEvent.click(await screen.findByTestId('detail-copy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shippings/create/41'));
  });

  it('offers no copy without the edit mode', async () => {
    session.start(makeSessionUser({ permissions: { shippingList: true, newSend: true } }));
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.queryByTestId('detail-copy')).toBeNull();
  });

  it('download dialog: only the options with files are enabled, pack goes alone, nothing chosen nothing to download', async () => {
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-download'));
    const ok = (await screen.findByTestId('download-ok')) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    for (const option of ['sent', 'nonReport', 'courier']) expect(downloadOption(option).disabled).toBe(true);
    for (const option of ['original', 'certificate', 'pack']) expect(downloadOption(option).disabled).toBe(false);

    fireEvent.click(downloadOption('original'));
    fireEvent.click(downloadOption('certificate'));
    expect(downloadOption('original').checked).toBe(true);
    expect(downloadOption('certificate').checked).toBe(true);
    expect(ok.disabled).toBe(false);

    fireEvent.click(downloadOption('pack'));
    expect(downloadOption('pack').checked).toBe(true);
    expect(downloadOption('original').checked).toBe(false);
    expect(downloadOption('certificate').checked).toBe(false);
    expect(ok.disabled).toBe(false);

    fireEvent.click(downloadOption('certificate'));
    expect(downloadOption('pack').checked).toBe(false);
    expect(downloadOption('certificate').checked).toBe(true);

    fireEvent.click(downloadOption('certificate'));
    expect(ok.disabled).toBe(true);

    // A disabled option cannot be chosen.
    fireEvent.click(downloadOption('courier'));
    expect(downloadOption('courier').checked).toBe(false);
    expect(ok.disabled).toBe(true);
  });

  it('offers no download when the shipping has no documents', async () => {
    detail = { ...DETAIL, documents: [] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect((screen.getByTestId('detail-download') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('detail-documents').textContent).toContain('No records');
  });

  it('says the shipping was not found for an unknown or malformed id', async () => {
    renderDetail(999);
    expect(await screen.findByTestId('shipping-not-found')).toBeTruthy();
    expect(screen.getByText('The shipping was not found.')).toBeTruthy();
  });

  it('does not ask the server for a malformed id', async () => {
    renderDetail('abc');
    expect(await screen.findByTestId('shipping-not-found')).toBeTruthy();
    expect(mockedCall).not.toHaveBeenCalled();
  });

  describe('send the access again', () => {
    const travelling = { ...DETAIL, state: 'in_course', allowedActions: [], canResendAccess: true } as TShippingDetail;

    it('is offered on a travelling shipping and tells how many receivers got it again', async () => {
      detail = travelling;
      renderDetail();
      const button = await screen.findByTestId('detail-resend-access');
      expect(button.textContent).toBe('Send the access again');
      fireEvent.click(button);
      await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_DONE_RESEND_ACCESS']));
      expect(alerts.get()[0]?.params).toEqual({ count: 2 });
      const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.sendAccessCommunication);
      expect(call?.[1]).toEqual({ params: { id: 41 } });
      // The detail is read again.
      await waitFor(() =>
        expect(mockedCall.mock.calls.filter(([endpoint]) => endpoint === shippingsDetailApi.detail)).toHaveLength(2),
      );
    });

    it('shows the key of a refusal translated', async () => {
      detail = travelling;
      mockedCall.mockImplementation((async (endpoint: TEndpoint) => {
        if (endpoint === shippingsDetailApi.detail) return detail;
        throw new ApiCallError('409 - Conflict', 409, { key: 'ERR_RESEND_LIMIT', params: { limit: 5 } });
      }) as typeof callEndpoint);
      renderDetail();
      fireEvent.click(await screen.findByTestId('detail-resend-access'));
      await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['ERR_RESEND_LIMIT']));
      expect(alerts.get()[0]?.params).toEqual({ limit: 5 });
    });

    it('is not offered when the server does not allow it for this user and shipping', async () => {
      detail = { ...travelling, canResendAccess: false };
      renderDetail();
      await screen.findByTestId('shipping-detail');
      expect(screen.queryByTestId('detail-resend-access')).toBeNull();
    });
  });
});
