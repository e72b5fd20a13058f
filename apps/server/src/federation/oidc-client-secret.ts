import type { TCertificateKey } from '../platform/certificate-key.ts';
import { openBox, sealBox } from '../platform/sealed-box.ts';

const BINDING = { purpose: 'oidc-client-secret' };

/** Seals an OpenID Connect client secret in the sealed box (platform/sealed-box.ts), with the id of the key. */
export function sealClientSecret(secret: string, key: TCertificateKey): { sealed: Buffer; keyId: string } {
  return { sealed: sealBox(secret, key, BINDING), keyId: key.id };
}

/** Opens what sealClientSecret wrote; throws when the key or the bytes do not match. */
export function openClientSecret(sealed: Buffer, key: TCertificateKey): string {
  return openBox(sealed, key, BINDING);
}
