import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandOverPage } from './hand-over-page.tsx';
import { handOverFromHash } from './portal-api.ts';
import { PORTAL_TEXTS } from './portal-texts.ts';

const ONE_TIME = 'h'.repeat(43);
const PAGE = 'p'.repeat(43);

const VIEW = {
  senderCompany: 'Notaría Central S.L.',
  serviceKind: 'notification',
  mode: 'acknowledge',
  subject: 'Notice of the deed',
  body: 'Please read it.',
  receiverName: 'Lucía',
  language: 'pt-pt',
  responseDeadlineAt: null,
  custodyUntil: null,
  documents: [],
  canAnswer: true,
  pinRequired: false,
  pinAttemptsLeft: 3,
  handwritingRequired: false,
  certificateRequired: false,
  waitingForPrevious: false,
  outcome: null,
  identification: null,
} satisfies TPortalView;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.restoreAllMocks());

describe('a page handed over at the desk', () => {
  it('reads the kiosk and phone addresses, with or without their one-time access', () => {
    expect(handOverFromHash(`#/kiosk/${ONE_TIME}`)).toEqual({ token: ONE_TIME, kiosk: true });
    expect(handOverFromHash(`#/h/${ONE_TIME}`)).toEqual({ token: ONE_TIME, kiosk: false });
    expect(handOverFromHash('#/kiosk')).toEqual({ token: null, kiosk: true });
    expect(handOverFromHash(`#/r/${ONE_TIME}`)).toBeNull();
    expect(handOverFromHash('#/h/short')).toBeNull();
  });

  it('spends the one-time access once, drops it from the address and goes on with the page’s own', async () => {
    window.history.replaceState(null, '', `#/kiosk/${ONE_TIME}`);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).endsWith('handOver/open')
          ? answer(200, { token: PAGE, expiresAt: '2026-12-07T11:00:00.000Z', kiosk: true, view: VIEW })
          : answer(200, VIEW),
      );
    render(<HandOverPage token={ONE_TIME} kiosk />);
    expect(await screen.findByRole('heading', { name: 'Notice of the deed' })).toBeTruthy();
    // In the receiver's language once the view has said which.
    await waitFor(() => expect(screen.getByTestId('kiosk-bar').textContent).toContain(PORTAL_TEXTS['pt-pt'].kioskNote));
    expect(window.location.hash).toBe('#/kiosk');
    const opens = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('handOver/open'));
    expect(opens).toHaveLength(1);
    expect(new Headers(opens[0]![1]?.headers).get('x-receiver-token')).toBe(ONE_TIME);
    const later = fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('handOver/open'));
    expect(later.every(([, init]) => new Headers(init?.headers).get('x-receiver-token') === PAGE)).toBe(true);
  });

  it('says a spent or expired access is spent, and an address without one too', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(401, { key: 'ERR_LINK_INVALID' }));
    const { unmount } = render(<HandOverPage token={'s'.repeat(43)} kiosk={false} />);
    // jsdom's browser language is en-US.
    expect((await screen.findByTestId('hand-over-refused')).textContent).toBe(PORTAL_TEXTS['en-en'].handOverSpent);
    unmount();
    render(<HandOverPage token={null} kiosk />);
    expect(screen.getByTestId('hand-over-refused').textContent).toBe(PORTAL_TEXTS['en-en'].handOverSpent);
  });
});
