import { describe, expect, it } from 'vitest';
import { decodeBase32, totpAt } from '../../test/totp-reference.ts';

// RFC 6238 Appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890", 8 digits.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('the tests’ own RFC 6238 generator', () => {
  it.each(VECTORS)('gives the RFC 6238 SHA-1 code at T=%i', (seconds, code) => {
    expect(totpAt(SEED, seconds, 8)).toBe(code);
  });

  it('decodes base32 keys as RFC 4648 says', () => {
    // "12345678901234567890" in base32.
    expect(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(SEED);
    expect(decodeBase32('MZXW6YQ=').toString()).toBe('foob');
  });
});
