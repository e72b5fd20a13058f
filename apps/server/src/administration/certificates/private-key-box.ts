import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TCertificateKey } from '../../platform/certificate-key.ts';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Additional authenticated data: binds a sealed key to the certificate it belongs to. */
function associatedData(fingerprintSha256: string): Buffer {
  return Buffer.from(`sello/certificate-private-key/v${FORMAT_VERSION}/${fingerprintSha256}`, 'utf8');
}

/**
 * Encrypts a private key (PKCS#8 PEM) with AES-256-GCM: version byte, 12-byte random IV, 16-byte tag,
 * ciphertext. The certificate fingerprint is authenticated with it, so a sealed key moved to another
 * certificate's row does not open.
 */
export function sealPrivateKey(privateKeyPem: string, key: TCertificateKey, fingerprintSha256: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(fingerprintSha256));
  const ciphertext = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

/** Decrypts what sealPrivateKey wrote; throws when the key, the certificate or the bytes do not match. */
export function openPrivateKey(sealed: Buffer, key: TCertificateKey, fingerprintSha256: string): string {
  if (sealed.length <= HEADER_BYTES || sealed[0] !== FORMAT_VERSION) {
    throw new Error('Sealed private key has an unknown format');
  }
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(fingerprintSha256));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('Sealed private key does not open with this key (was CERTIFICATE_ENCRYPTION_KEY changed?)');
  }
}
