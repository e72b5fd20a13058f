import { shippingsDetailApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { shippingsHandOverApi } from '@sello/contracts/catalogue/shippings-hand-over';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { callEndpoint, TCallInput } from '../../../api/http-client.ts';
import { browser } from '../../../lib/browser.ts';
import { session } from '../../../session/session-store.ts';
import { DETAIL, mockedCall, renderDetail, setUpShippingDetailPage } from './shipping-detail.test-setup.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn(), leaveFor: vi.fn() } }));
vi.mock('../../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

const ON_SCREEN = {
  ...DETAIL,
  state: 'sent',
  channel: 'onscreen',
  allowedActions: [],
  receivers: DETAIL.receivers.map((receiver) => ({ ...receiver, status: 'sent' as const })),
  handOver: [1],
} as TShippingDetail;

const URL_OF = { kiosk: 'http://sello.test/portal/#/kiosk/', qr: 'http://sello.test/portal/#/h/' };
const TOKEN = 'T'.repeat(43);

let detail: TShippingDetail = ON_SCREEN;
setUpShippingDetailPage(
  () => detail,
  () => {
    detail = ON_SCREEN;
  },
);

/** The API as the set-up answers it, plus the hand-over. */
function answerHandOvers() {
  const detailAnswer = mockedCall.getMockImplementation()!;
  mockedCall.mockImplementation((async (endpoint: TEndpoint, input?: TCallInput<TEndpoint>) => {
    if (endpoint !== shippingsHandOverApi.handOver) return detailAnswer(endpoint, input);
    const { method } = input!.body as { method: 'kiosk' | 'qr' };
    return {
      method,
      url: `${URL_OF[method]}${TOKEN}`,
      expiresAt: '2026-03-01T10:20:00.000Z',
      receiverName: ON_SCREEN.receivers[0]!.name,
      qr: method === 'qr' ? ['1101', '0110', '1001', '0000'] : null,
    };
  }) as typeof callEndpoint);
}

afterEach(() => vi.unstubAllGlobals());

describe('hand-over at the desk', () => {
  it('is offered only for the receivers the server names', async () => {
    detail = { ...ON_SCREEN, handOver: [] };
    renderDetail();
    await screen.findByTestId('shipping-detail');
    expect(screen.queryByTestId('detail-hand-over')).toBeNull();
  });

  it('shows the QR code of the one-time link the server answered', async () => {
    answerHandOvers();
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-hand-over'));
    fireEvent.click(await screen.findByTestId('hand-over-qr'));
    const code = await screen.findByTestId('hand-over-qr-code');
    expect(code.getAttribute('data-link')).toBe(`${URL_OF.qr}${TOKEN}`);
    // One rectangle per run of dark modules, after the white background, inside a margin of 4 modules.
    const runs = [...code.querySelectorAll('rect')]
      .slice(1)
      .map((rect) => ['x', 'y', 'width'].map((a) => rect.getAttribute(a)));
    expect(runs).toEqual([
      ['4', '4', '2'],
      ['7', '4', '1'],
      ['5', '5', '2'],
      ['4', '6', '1'],
      ['7', '6', '1'],
    ]);
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsHandOverApi.handOver);
    expect(call?.[1]).toEqual({ body: { requestId: 41, position: 1, method: 'qr' } });
    expect(session.isLoggedIn()).toBe(true);
  });

  it('opens the kiosk view only after ending the console session, on the server and here', async () => {
    const ended = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', ended);
    answerHandOvers();
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-hand-over'));
    fireEvent.click(await screen.findByTestId('hand-over-kiosk'));
    await waitFor(() => expect(browser.leaveFor).toHaveBeenCalledWith(`${URL_OF.kiosk}${TOKEN}`));
    expect(session.isLoggedIn()).toBe(false);
    const logout = ended.mock.calls.find(([url]) => String(url).endsWith('security/logout'));
    expect(logout).toBeDefined();
    expect(mockedCall.mock.calls.filter(([endpoint]) => endpoint === shippingsDetailApi.detail).length).toBeGreaterThan(
      0,
    );
  });
});
