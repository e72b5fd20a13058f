import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import forge from 'node-forge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalPage } from './portal-page.tsx';

const TOKEN = 'b'.repeat(43);
const PASSWORD = 'correct horse';

function view(overrides: Partial<TPortalView> = {}): TPortalView {
  return {
    senderCompany: 'Notaría Central S.L.',
    serviceKind: 'acceptance',
    mode: 'sign',
    subject: 'Draft deed',
    body: null,
    receiverName: 'Lucía Fernández',
    language: 'en-en',
    responseDeadlineAt: null,
    custodyUntil: null,
    documents: [{ position: 1, name: 'deed.pdf', mimeType: 'application/pdf', sizeBytes: 100 }],
    canAnswer: true,
    pinRequired: false,
    pinAttemptsLeft: 3,
    handwritingRequired: false,
    certificateRequired: true,
    waitingForPrevious: false,
    outcome: null,
    identification: null,
    ...overrides,
  };
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The receiver's PKCS#12 file: a self-signed certificate and its key, under PASSWORD. */
function makePkcs12() {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 86_400_000);
  certificate.setSubject([{ shortName: 'CN', value: 'Lucia Fernandez' }]);
  certificate.setIssuer([{ shortName: 'CN', value: 'Lucia Fernandez' }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [certificate], PASSWORD, { algorithm: '3des' });
  const bytes = Uint8Array.from(forge.asn1.toDer(asn1).getBytes(), (character) => character.charCodeAt(0));
  return { certificate, file: new File([bytes], 'lucia.p12', { type: 'application/x-pkcs12' }) };
}

const pkcs12 = makePkcs12();
const TO_SIGN = btoa('the signed attributes the server prepared');

afterEach(() => vi.restoreAllMocks());

describe("the receiver's own certificate", () => {
  it('opens the PKCS#12 here, sends only the certificate, and signs what the server prepared', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(200, view()))
      .mockResolvedValueOnce(
        answer(200, {
          prepareId: '6f1c1a38-8a39-4d1b-9d7e-2f6a0d6c1e11',
          expiresAt: '2026-12-07T04:00:00.000Z',
          documents: [{ position: 1, name: 'deed.pdf', signedAttributes: TO_SIGN }],
        }),
      )
      .mockResolvedValueOnce(answer(200, view({ canAnswer: false, outcome: 'accepted' })));
    render(<PortalPage token={TOKEN} />);
    expect(screen.queryByRole('button', { name: 'Send me a PIN' })).toBeNull();
    await userEvent.upload(await screen.findByLabelText('Certificate file (.p12 or .pfx)'), pkcs12.file);
    await userEvent.type(screen.getByLabelText('Certificate password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign with the certificate and accept' }));
    expect((await screen.findByRole('status')).textContent).toBe('You have accepted. Thank you.');

    const [prepareUrl, prepareInit] = fetchMock.mock.calls[1]!;
    expect(prepareUrl).toBe('/rest/services/portal/pki/prepare');
    const prepared = JSON.parse(String(prepareInit?.body)) as { certificate: string };
    const der = forge.asn1.toDer(forge.pki.certificateToAsn1(pkcs12.certificate)).getBytes();
    // The certificate alone: its DER, nothing of the key or the password.
    expect(atob(prepared.certificate)).toBe(der);
    expect(String(prepareInit?.body)).not.toContain(PASSWORD);

    const [acceptUrl, acceptInit] = fetchMock.mock.calls[2]!;
    expect(acceptUrl).toBe('/rest/services/portal/pki/accept');
    const accepted = JSON.parse(String(acceptInit?.body)) as {
      prepareId: string;
      signatures: { position: number; signature: string }[];
    };
    expect(accepted.prepareId).toBe('6f1c1a38-8a39-4d1b-9d7e-2f6a0d6c1e11');
    expect(accepted.signatures).toHaveLength(1);
    const digest = forge.md.sha256.create();
    digest.update(atob(TO_SIGN));
    const publicKey = pkcs12.certificate.publicKey as forge.pki.rsa.PublicKey;
    expect(publicKey.verify(digest.digest().getBytes(), atob(accepted.signatures[0]!.signature))).toBe(true);
  });

  it('says a wrong password with its key and sends nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, view()));
    render(<PortalPage token={TOKEN} />);
    await userEvent.upload(await screen.findByLabelText('Certificate file (.p12 or .pfx)'), pkcs12.file);
    await userEvent.type(screen.getByLabelText('Certificate password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign with the certificate and accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The password does not open this certificate. Check it and try again.',
    );
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
    expect(fetchMock.mock.calls.every(([url]) => url === '/rest/services/portal/shipping')).toBe(true);
  });
});
