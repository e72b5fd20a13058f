import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TCertificateKey } from './certificate-key.ts';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/**
 * What a box is bound to: its purpose (`totp-secret`) and, when given, the row it belongs to (a user id, a
 * certificate fingerprint). It is authenticated with the box, so a box copied to another purpose or row does not open.
 */
export type TBoxBinding = { purpose: string; owner?: string };

function associatedData({ purpose, owner }: TBoxBinding): Buffer {
  return Buffer.from(`sello/${purpose}/v${FORMAT_VERSION}${owner === undefined ? '' : `/${owner}`}`, 'utf8');
}

/**
 * Seals a secret at rest with AES-256-GCM under the certificate encryption key: version byte (1), 12-byte
 * random IV, 16-byte tag, ciphertext. Certificate private keys, OpenID Connect client secrets and TOTP
 * secrets are stored in this one format.
 */
export function sealBox(plaintext: string, key: TCertificateKey, binding: TBoxBinding): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

/** Opens what sealBox wrote; throws when the bytes, the key or the binding do not match. */
export function openBox(sealed: Buffer, key: TCertificateKey, binding: TBoxBinding): string {
  if (sealed.length <= HEADER_BYTES || sealed[0] !== FORMAT_VERSION) {
    throw new Error(`Sealed ${binding.purpose} has an unknown format`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.subarray(1, 1 + IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`Sealed ${binding.purpose} does not open with this key (was CERTIFICATE_ENCRYPTION_KEY changed?)`);
  }
}
