import type { TPortalPkiPrepared } from '@sello/contracts/catalogue/portal-pki';
import type forge from 'node-forge';
import { type ReactNode, useState } from 'react';
import { PortalError, portalApi } from './portal-api.ts';
import { PrimaryButton } from './portal-buttons.tsx';
import type { TPortalStepProps } from './use-portal-view.ts';

type TForge = typeof forge;
/** PKCS#12 bag types (RFC 7292): a key, a password-protected key, a certificate. */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
} as const;
type TSigningKey = { certificate: string; sign: (bytes: Uint8Array) => string };

function binaryOf(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 8192) {
    text += String.fromCharCode(...bytes.subarray(index, index + 8192));
  }
  return text;
}

function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/**
 * The key and certificate of a PKCS#12 file, opened here with its password: the key stays in this page, only the
 * certificate (public) is sent. A wrong password, or a file that is no PKCS#12 with a key, answers its error key.
 */
function openPkcs12(library: TForge, file: Uint8Array, password: string): TSigningKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = library.asn1.fromDer(binaryOf(file));
    try {
      p12 = library.pkcs12.pkcs12FromAsn1(asn1, password);
    } catch (error) {
      throw /MAC|password|decrypt/i.test(String(error)) ? new PortalError(400, 'ERR_PKI_WRONG_PASSWORD') : error;
    }
  } catch (error) {
    if (error instanceof PortalError) throw error;
    throw new PortalError(400, 'ERR_PKI_FILE_UNREADABLE');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: BAG.shroudedKey })[BAG.shroudedKey] ?? []),
    ...(p12.getBags({ bagType: BAG.key })[BAG.key] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificates = (p12.getBags({ bagType: BAG.certificate })[BAG.certificate] ?? [])
    .map((bag) => bag.cert)
    .filter((certificate): certificate is forge.pki.Certificate => Boolean(certificate));
  // The certificate of the key: the one whose RSA modulus is the key's.
  const leaf = certificates.find(
    (certificate) => key && (certificate.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n),
  );
  if (!key || !leaf) throw new PortalError(400, 'ERR_PKI_FILE_UNREADABLE');
  return {
    certificate: btoa(library.asn1.toDer(library.pki.certificateToAsn1(leaf)).getBytes()),
    sign: (bytes) => {
      const digest = library.md.sha256.create();
      digest.update(binaryOf(bytes));
      // RSASSA-PKCS1-v1_5 with SHA-256, as the server verifies it.
      return btoa(key.sign(digest));
    },
  };
}

/**
 * The signature with the receiver's own certificate (sign method PKI): the receiver picks its PKCS#12 file and
 * types its password; the page opens it, sends the certificate, signs what the server prepared for each document
 * and sends the signatures. The private key never leaves the page.
 */
export function CertificateSign({ token, t, busy, run, rejectButton }: TPortalStepProps & { rejectButton: ReactNode }) {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');

  const submit = () =>
    run(async () => {
      if (!file) throw new PortalError(400, 'ERR_PKI_FILE_UNREADABLE');
      // Loaded when the receiver signs: the page does not carry it otherwise.
      const library = (await import('node-forge')).default;
      const key = openPkcs12(library, new Uint8Array(await file.arrayBuffer()), password);
      const prepared: TPortalPkiPrepared = await portalApi.preparePki(token, key.certificate);
      const signatures = prepared.documents.map((document) => ({
        position: document.position,
        signature: key.sign(bytesOf(document.signedAttributes)),
      }));
      return portalApi.acceptPki(token, { prepareId: prepared.prepareId, signatures });
    });

  return (
    <section className="portal-card">
      <p id="portal-pki-hint">{t('pkiHint')}</p>
      <label className="portal-field">
        <span>{t('pkiFile')}</span>
        <input
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          aria-describedby="portal-pki-hint"
          disabled={busy}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <label className="portal-field">
        <span>{t('pkiPassword')}</span>
        <input
          type="password"
          autoComplete="off"
          value={password}
          disabled={busy}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </label>
      <div className="portal-buttons">
        {rejectButton}
        <PrimaryButton label="acceptWithCertificate" t={t} busy={busy} disabled={!file} onClick={submit} />
      </div>
    </section>
  );
}
