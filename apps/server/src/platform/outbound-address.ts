import { isIPv4, isIPv6 } from 'node:net';

/** What an IP address is, for deciding whether the server may connect to it on a tenant's say-so. */
export type TAddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

type TRange = readonly [bytes: readonly number[], bits: number, kind: Exclude<TAddressClass, 'public'>];

const V4_RANGES: readonly TRange[] = [
  [[0], 8, 'reserved'], // "this network", 0.0.0.0
  [[10], 8, 'private'],
  [[100, 64], 10, 'private'], // carrier-grade NAT
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'], // cloud metadata services live here
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'reserved'], // multicast
  [[240], 4, 'reserved'], // reserved and broadcast
];

const V6_RANGES: readonly TRange[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // discard
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'private'], // local-use NAT64
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0xfc], 7, 'private'], // unique local
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'], // site-local (deprecated)
  [[0xff], 8, 'reserved'], // multicast
];

function inRange(bytes: readonly number[], [prefix, bits]: TRange): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyV4(bytes: readonly number[]): TAddressClass {
  return V4_RANGES.find((range) => inRange(bytes, range))?.[2] ?? 'public';
}

/** The 16 bytes of an IPv6 address (zone index ignored, a trailing dotted quad allowed); null when it is not one. */
export function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  let groups: number[] = [];
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * Classifies an IPv4 or IPv6 address; IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4)
 * are judged by that address. Anything that is not an address is 'reserved' (never connected to).
 */
export function classifyAddress(address: string): TAddressClass {
  if (isIPv4(address)) return classifyV4(address.split('.').map(Number));
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'reserved';
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  if (zeros(16)) return 'reserved';
  if (zeros(15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::a.b.c.d (NAT64) reach that IPv4 address.
  const mapped = zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 96, 'reserved']);
  if (mapped || zeros(12) || nat64) return classifyV4(bytes.slice(12));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return classifyV4(bytes.slice(2, 6)); // 6to4
  return V6_RANGES.find((range) => inRange(bytes, range))?.[2] ?? 'public';
}
