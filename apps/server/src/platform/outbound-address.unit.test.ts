import { describe, expect, it } from 'vitest';
import { classifyAddress, ipv6Bytes } from './outbound-address.ts';
import { checkOutboundUrl, OutboundUrlRefused } from './outbound-url.ts';

describe('classifyAddress', () => {
  it('classifies IPv4 addresses', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('127.255.0.9')).toBe('loopback');
    expect(classifyAddress('10.1.2.3')).toBe('private');
    expect(classifyAddress('172.16.0.1')).toBe('private');
    expect(classifyAddress('172.31.255.255')).toBe('private');
    expect(classifyAddress('172.32.0.1')).toBe('public');
    expect(classifyAddress('192.168.1.1')).toBe('private');
    expect(classifyAddress('100.64.0.1')).toBe('private');
    expect(classifyAddress('100.128.0.1')).toBe('public');
    expect(classifyAddress('169.254.169.254')).toBe('link-local');
    expect(classifyAddress('0.0.0.0')).toBe('reserved');
    expect(classifyAddress('224.0.0.1')).toBe('reserved');
    expect(classifyAddress('255.255.255.255')).toBe('reserved');
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('93.184.216.34')).toBe('public');
  });

  it('classifies IPv6 addresses', () => {
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('0:0:0:0:0:0:0:1')).toBe('loopback');
    expect(classifyAddress('::')).toBe('reserved');
    expect(classifyAddress('fe80::1')).toBe('link-local');
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
    expect(classifyAddress('febf::1')).toBe('link-local');
    expect(classifyAddress('fc00::1')).toBe('private');
    expect(classifyAddress('fd12:3456::1')).toBe('private');
    expect(classifyAddress('ff02::1')).toBe('reserved');
    expect(classifyAddress('2001:db8::1')).toBe('reserved');
    expect(classifyAddress('2001:4860:4860::8888')).toBe('public');
    expect(classifyAddress('2606:4700::1111')).toBe('public');
  });

  it('judges IPv6 forms that carry an IPv4 address by that address', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::ffff:10.0.0.1')).toBe('private');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('link-local');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('::127.0.0.1')).toBe('loopback');
    expect(classifyAddress('64:ff9b::10.0.0.1')).toBe('private');
    expect(classifyAddress('64:ff9b::8.8.8.8')).toBe('public');
    expect(classifyAddress('2002:7f00:1::')).toBe('loopback');
    expect(classifyAddress('2002:808:808::')).toBe('public');
  });

  it('never calls something that is not an address public', () => {
    expect(classifyAddress('localhost')).toBe('reserved');
    expect(classifyAddress('1.2.3')).toBe('reserved');
    expect(classifyAddress('')).toBe('reserved');
    expect(ipv6Bytes('[::1]')).toEqual([...new Array(15).fill(0), 1]);
  });
});

describe('checkOutboundUrl', () => {
  const production = { allowPrivateHosts: false, allowHttp: false };
  const refusal = (url: string, policy = production) =>
    checkOutboundUrl(url, policy).then(
      () => null,
      (error: unknown) => (error instanceof OutboundUrlRefused ? error.reason : error),
    );

  it('wants https outside development, and no credentials in the URL', async () => {
    expect(await refusal('http://8.8.8.8/')).toBe('scheme');
    expect(await refusal('ftp://8.8.8.8/')).toBe('scheme');
    expect(await refusal('https://8.8.8.8/')).toBeNull();
    expect(await refusal('http://8.8.8.8/', { allowPrivateHosts: false, allowHttp: true })).toBeNull();
    expect(await refusal('https://user:pass@8.8.8.8/')).toBe('url');
    expect(await refusal('not a url')).toBe('url');
  });

  it('refuses loopback, private and link-local addresses unless private hosts are allowed', async () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '[fe80::1]']) {
      expect(await refusal(`https://${host}/`), host).toBe('address');
      expect(await refusal(`https://${host}/`, { allowPrivateHosts: true, allowHttp: false }), host).toBeNull();
    }
  });

  it('checks every address a name resolves to', async () => {
    expect(await refusal('https://localhost/')).toBe('address');
  });
});
