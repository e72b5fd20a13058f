import { describe, expect, it } from 'vitest';
import { signInSourceOf } from './login-lock.ts';

describe('the source wrong passwords count against', () => {
  it('is an IPv4 address itself, and an IPv6 address by its /64', () => {
    expect(signInSourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(signInSourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(signInSourceOf('2001:db8:0a:b::1')).toBe('2001:db8:a:b::/64');
    expect(signInSourceOf('2001:DB8:A:B:ffff:1:2:3')).toBe('2001:db8:a:b::/64');
    expect(signInSourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(signInSourceOf('::1')).toBe('0:0:0:0::/64');
    expect(signInSourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(signInSourceOf(null)).toBe('unknown');
  });
});
