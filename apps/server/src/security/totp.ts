import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@sello/contracts/two-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TCertificateKey } from '../platform/certificate-key.ts';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Binds a sealed secret to its user, so a sealed secret copied to another user's row does not open. */
function associatedData(userId: string): Buffer {
  return Buffer.from(`sello/totp-secret/v${FORMAT_VERSION}/${userId}`, 'utf8');
}

/** Seals a TOTP secret (base32) with AES-256-GCM under the key that seals certificate private keys. */
export function sealTotpSecret(secret: string, key: TCertificateKey, userId: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

export function openTotpSecret(sealed: Buffer, key: TCertificateKey, userId: string): string {
  if (sealed.length <= HEADER_BYTES || sealed[0] !== FORMAT_VERSION)
    throw new Error('Sealed TOTP secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.subarray(1, 1 + IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(associatedData(userId));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
}

/** A new authenticator for `label` (the login): 160-bit secret, its otpauth:// URI and that URI as a QR code. */
export async function createTotpEnrolment(label: string) {
  const secret = generateSecret({ length: 20 });
  const otpauthUri = generateURI({
    issuer: TWO_FACTOR.issuer,
    label,
    secret,
    period: TWO_FACTOR.totpPeriodSeconds,
    digits: TWO_FACTOR.totpDigits,
  });
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUri, qrDataUrl };
}

/**
 * The time step of `code` when it is right within ±1 step and newer than `afterStep` (the last step
 * accepted for this user: a code is accepted only once), otherwise null.
 */
export async function verifyTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: TWO_FACTOR.totpPeriodSeconds,
    digits: TWO_FACTOR.totpDigits,
    epochTolerance: TWO_FACTOR.totpPeriodSeconds,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
