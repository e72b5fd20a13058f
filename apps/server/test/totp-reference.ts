import { createHmac } from 'node:crypto';

/**
 * An RFC 6238 (TOTP, HMAC-SHA1) generator written from the RFC with node:crypto only, so the tests do
 * not check the server's library with itself. Checked against the RFC's test vectors in
 * src/security/totp-reference.unit.test.ts.
 */
export function totpAt(key: Buffer, unixSeconds: number, digits = 6, period = 30): string {
  const counter = Math.floor(unixSeconds / period);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** RFC 4648 base32 (the key an authenticator app is given), without padding. */
export function decodeBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code an authenticator app shows now (or `stepsFromNow` steps away) for a base32 key. */
export function currentTotp(base32Secret: string, stepsFromNow = 0): string {
  return totpAt(decodeBase32(base32Secret), Math.floor(Date.now() / 1000) + stepsFromNow * 30);
}
