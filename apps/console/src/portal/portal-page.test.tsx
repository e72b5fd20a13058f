import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageText } from './open-step.tsx';
import { tokenFromHash } from './portal-api.ts';
import { PortalPage } from './portal-page.tsx';
import { PORTAL_TEXTS, portalErrorText } from './portal-texts.ts';
import { guessLanguage } from './use-portal-language.ts';

const TOKEN = 'a'.repeat(43);

function view(overrides: Partial<TPortalView> = {}): TPortalView {
  return {
    senderCompany: 'Notaría Central S.L.',
    serviceKind: 'acceptance',
    mode: 'sign',
    subject: 'Draft deed',
    body: '<p>Please <b>review</b> the deed.</p><script>alert(1)</script>',
    receiverName: 'Lucía',
    language: 'en-en',
    responseDeadlineAt: '2026-12-01T10:00:00.000Z',
    custodyUntil: null,
    documents: [{ position: 1, name: 'deed.pdf', mimeType: 'application/pdf', sizeBytes: 100 }],
    canAnswer: true,
    pinRequired: true,
    pinAttemptsLeft: 3,
    handwritingRequired: false,
    certificateRequired: false,
    waitingForPrevious: false,
    outcome: null,
    identification: null,
    ...overrides,
  };
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.restoreAllMocks());

describe('recipient page helpers', () => {
  it('reads the token of the link only in its exact form', () => {
    expect(tokenFromHash(`#/r/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('#/r/short')).toBeNull();
    expect(tokenFromHash(`#/r/${TOKEN}/x`)).toBeNull();
  });

  it('shows HTML messages as text, never as markup', () => {
    expect(messageText('<p>Please <b>review</b></p><p>Thanks</p>')).toBe('Please review\nThanks');
    expect(messageText('plain < text')).toBe('plain < text');
  });

  it('guesses the language from the browser and translates error keys, unknown ones generically', () => {
    expect(guessLanguage('pt-BR')).toBe('pt-pt');
    expect(guessLanguage('en-US')).toBe('en-en');
    expect(guessLanguage('fr-FR')).toBe('es-es');
    expect(portalErrorText('en-en', 'ERR_PIN_INVALID')).toBe('Wrong PIN.');
    expect(portalErrorText('pt-pt', 'ERR_SOMETHING_ELSE')).toBe(PORTAL_TEXTS['pt-pt'].errorGeneric);
  });
});

describe('recipient page', () => {
  it('says an address without a token is not a valid link', () => {
    render(<PortalPage token={null} />);
    // jsdom's browser language is en-US.
    expect(screen.getByRole('alert').textContent).toBe(PORTAL_TEXTS['en-en'].unknownLink);
  });

  it('sends the token header, shows the view in the receiver’s language and switches language', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, view()));
    render(<PortalPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Draft deed' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('alert(1)');
    expect(screen.getByText('Please review the deed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send me a PIN' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/rest/services/portal/shipping');
    expect(new Headers(init?.headers).get('x-receiver-token')).toBe(TOKEN);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'es-es');
    expect(screen.getByRole('button', { name: 'Enviarme un PIN' })).toBeTruthy();
  });

  it('names the channel and the masked address the PIN went to, and its fallback, in each language', async () => {
    const sent = {
      channel: 'whatsapp',
      sentTo: '•••••••••678',
      fallbackChannel: 'sms',
      expiresAt: '2026-12-01T10:00:00.000Z',
      attemptsLeft: 3,
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(200, view())).mockResolvedValueOnce(answer(200, sent));
    render(<PortalPage token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a PIN' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We have sent a PIN by WhatsApp to •••••••••678. If it does not arrive by WhatsApp, we will send it by SMS.',
    );
    await userEvent.selectOptions(screen.getByRole('combobox'), 'es-es');
    expect(screen.getByRole('status').textContent).toBe(
      'Le hemos enviado un PIN por WhatsApp a •••••••••678. Si no le llega por WhatsApp, se lo enviaremos por SMS.',
    );
    await userEvent.selectOptions(screen.getByRole('combobox'), 'pt-pt');
    expect(screen.getByRole('status').textContent).toBe(
      'Enviámos um PIN por WhatsApp para •••••••••678. Se não chegar por WhatsApp, enviá-lo-emos por SMS.',
    );
  });

  it('shows a wrong PIN with the attempts left, and an expired link as such', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(200, view()))
      .mockResolvedValueOnce(answer(400, { key: 'ERR_PIN_INVALID', params: { attemptsLeft: 2 } }))
      .mockResolvedValueOnce(answer(200, view({ pinAttemptsLeft: 2 })));
    render(<PortalPage token={TOKEN} />);
    await userEvent.type(await screen.findByRole('textbox'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Accept with the PIN' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong PIN. Attempts left: 2');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ pin: '123456' });

    fetchMock.mockResolvedValue(answer(401, { key: 'ERR_LINK_INVALID' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept with the PIN' }));
    // Still in the receiver's language after the link stopped working.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This link is not valid or has expired.'));
  });

  it('shows the end state instead of actions once answered', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, view({ outcome: 'accepted', canAnswer: false })));
    render(<PortalPage token={TOKEN} />);
    expect((await screen.findByRole('status')).textContent).toBe('You have accepted. Thank you.');
    expect(screen.queryByRole('button', { name: 'Send me a PIN' })).toBeNull();
  });
});

describe('the handwritten signature pad', () => {
  it('shows the pad instead of the PIN, and refuses to send an empty signature, in the receiver’s language', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        answer(200, view({ pinRequired: false, handwritingRequired: true, language: 'pt-pt' })),
      );
    render(<PortalPage token={TOKEN} />);
    expect(await screen.findByRole('img', { name: 'Quadro de assinatura' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar-me um PIN' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Apagar e assinar de novo' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Assinar e aceitar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Assine no quadro antes de aceitar.');
    // Nothing was sent: the only calls are the view's.
    expect(fetchMock.mock.calls.every(([url]) => url === '/rest/services/portal/shipping')).toBe(true);
  });
});
