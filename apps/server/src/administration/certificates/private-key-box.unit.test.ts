import { describe, expect, it } from 'vitest';
import { certificateKeyId } from '../../platform/certificate-key.ts';
import { openPrivateKey, sealPrivateKey } from './private-key-box.ts';

describe('sealPrivateKey', () => {
  const key = { key: Buffer.alloc(32, 3), id: certificateKeyId(Buffer.alloc(32, 3)), source: 'file' as const };
  const pem = '-----BEGIN PRIVATE KEY-----\nMIIBVgIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';

  it('encrypts with a fresh IV each time and opens with the same key and certificate', () => {
    const first = sealPrivateKey(pem, key, 'AA:01');
    const second = sealPrivateKey(pem, key, 'AA:01');
    expect(first.equals(second)).toBe(false);
    expect(first.toString('latin1')).not.toContain('PRIVATE KEY');
    expect(openPrivateKey(first, key, 'AA:01')).toBe(pem);
  });

  it('refuses another key, another certificate and altered bytes', () => {
    const sealed = sealPrivateKey(pem, key, 'AA:01');
    const otherKey = { ...key, key: Buffer.alloc(32, 4) };
    expect(() => openPrivateKey(sealed, otherKey, 'AA:01')).toThrow(/does not open/);
    expect(() => openPrivateKey(sealed, key, 'AA:02')).toThrow(/does not open/);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => openPrivateKey(altered, key, 'AA:01')).toThrow(/does not open/);
    expect(() => openPrivateKey(Buffer.from([9, 9, 9]), key, 'AA:01')).toThrow(/unknown format/);
  });
});
