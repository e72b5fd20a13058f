import type { TCertificateKey } from '../../platform/certificate-key.ts';
import { openBox, sealBox } from '../../platform/sealed-box.ts';

/** A sealed private key is bound to its certificate: moved to another certificate's row, it does not open. */
const binding = (fingerprintSha256: string) => ({ purpose: 'certificate-private-key', owner: fingerprintSha256 });

/** Seals a private key (PKCS#8 PEM) in the sealed box (platform/sealed-box.ts). */
export function sealPrivateKey(privateKeyPem: string, key: TCertificateKey, fingerprintSha256: string): Buffer {
  return sealBox(privateKeyPem, key, binding(fingerprintSha256));
}

/** Opens what sealPrivateKey wrote; throws when the key, the certificate or the bytes do not match. */
export function openPrivateKey(sealed: Buffer, key: TCertificateKey, fingerprintSha256: string): string {
  return openBox(sealed, key, binding(fingerprintSha256));
}
