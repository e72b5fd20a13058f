import { describe, expect, it } from 'vitest';
import { certificateKeyId } from './certificate-key.ts';
import { openBox, sealBox } from './sealed-box.ts';

const keyOf = (fill: number) => ({
  key: Buffer.alloc(32, fill),
  id: certificateKeyId(Buffer.alloc(32, fill)),
  source: 'file' as const,
});
const key = keyOf(7);
const binding = { purpose: 'totp-secret', owner: 'user-1' };

describe('sealed box', () => {
  it('opens what it sealed, with a fresh IV each time and no plaintext in the bytes', () => {
    const first = sealBox('JBSWY3DPEHPK3PXP', key, binding);
    const second = sealBox('JBSWY3DPEHPK3PXP', key, binding);
    expect(first.equals(second)).toBe(false);
    expect(first.toString('latin1')).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openBox(first, key, binding)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses altered bytes, another key, another purpose or owner, and an unknown format', () => {
    const sealed = sealBox('secret', key, binding);
    for (const index of [1, 13, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[index]! ^= 1;
      expect(() => openBox(altered, key, binding)).toThrow(/does not open/);
    }
    expect(() => openBox(sealed, keyOf(8), binding)).toThrow(/does not open/);
    expect(() => openBox(sealed, key, { ...binding, owner: 'user-2' })).toThrow(/does not open/);
    expect(() => openBox(sealed, key, { purpose: 'oidc-client-secret' })).toThrow(/does not open/);
    const otherVersion = Buffer.from(sealed);
    otherVersion[0] = 2;
    expect(() => openBox(otherVersion, key, binding)).toThrow(/unknown format/);
    expect(() => openBox(Buffer.from([1, 2, 3]), key, binding)).toThrow(/unknown format/);
  });

  // Written by the three seal functions this box replaced (private-key-box.ts, oidc-client-secret.ts, totp.ts
  // before 2026-11-28), under the key `keyOf(7)`: the rows stored then still open.
  it.each([
    {
      kind: 'certificate private key',
      stored: 'Ac8TLaRBDF9v9uG40DomHLS7A7EVgSfJ6CEbNXCBDYBQCTnZcjiiUZdB27M=',
      binding: { purpose: 'certificate-private-key', owner: 'AA:01' },
      plaintext: 'private-key-pem',
    },
    {
      kind: 'OpenID Connect client secret',
      stored: 'ATvmYTn27kRf37stTqyUdtvj5Vl0jUvAHi7BqKzYpzihaLO/UpCvlfoA',
      binding: { purpose: 'oidc-client-secret' },
      plaintext: 'client-secret',
    },
    {
      kind: 'TOTP secret',
      stored: 'AeWHH6VSWfUEWrWtO27TRHOZHT5VdmPkCvD0ypk7JIM/pRweT6R8C+N3k1uV',
      binding,
      plaintext: 'JBSWY3DPEHPK3PXP',
    },
  ])('opens a $kind stored by the earlier code', ({ stored, binding: storedBinding, plaintext }) => {
    expect(openBox(Buffer.from(stored, 'base64'), key, storedBinding)).toBe(plaintext);
  });
});
