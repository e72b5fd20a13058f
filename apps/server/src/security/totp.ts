import { TWO_FACTOR } from '@sello/contracts/two-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import { openBox, sealBox } from '../platform/sealed-box.ts';

/** A sealed secret is bound to its user: copied to another user's row, it does not open. */
const binding = (userId: string) => ({ purpose: 'totp-secret', owner: userId });

/** Seals a TOTP secret (base32) in the sealed box (platform/sealed-box.ts). */
export function sealTotpSecret(secret: string, key: TCertificateKey, userId: string): Buffer {
  return sealBox(secret, key, binding(userId));
}

export function openTotpSecret(sealed: Buffer, key: TCertificateKey, userId: string): string {
  return openBox(sealed, key, binding(userId));
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
