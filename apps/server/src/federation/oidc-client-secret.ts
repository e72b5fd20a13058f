import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TCertificateKey } from '../platform/certificate-key.ts';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const ASSOCIATED_DATA = Buffer.from(`sello/oidc-client-secret/v${FORMAT_VERSION}`, 'utf8');

/**
 * Encrypts an OpenID Connect client secret like certificate private keys (AES-256-GCM under
 * CERTIFICATE_ENCRYPTION_KEY): version byte, 12-byte random IV, 16-byte tag, ciphertext.
 */
export function sealClientSecret(secret: string, key: TCertificateKey): { sealed: Buffer; keyId: string } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]), keyId: key.id };
}

/** Decrypts what sealClientSecret wrote; throws when the key or the bytes do not match. */
export function openClientSecret(sealed: Buffer, key: TCertificateKey): string {
  if (sealed.length <= HEADER_BYTES || sealed[0] !== FORMAT_VERSION)
    throw new Error('Sealed client secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.subarray(1, 1 + IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(ASSOCIATED_DATA);
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
}
