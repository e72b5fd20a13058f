import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsDetailApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alerts } from '../../../alerts/alert-store.ts';
import { ApiCallError, type callEndpoint } from '../../../api/http-client.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { DETAIL, mockedCall, renderDetail, setUpShippingDetailPage } from './shipping-detail.test-setup.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));
vi.mock('../../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

function downloadOption(option: string): HTMLInputElement {
  const element = screen.getByTestId(`download-option-${option}`);
  const input = element instanceof HTMLInputElement ? element : element.querySelector('input');
  if (!input) throw new Error(`no checkbox ${option}`);
  return input;
}

let detail: TShippingDetail = DETAIL;
setUpShippingDetailPage(
  () => detail,
  () => {
    detail = DETAIL;
  },
);

describe('shipping detail page', () => {
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
