import { describe, expect, it } from 'vitest';
import { buildChain } from '../../test/chain-fixtures.ts';
import { canonicalJson } from '../platform/canonical-json.ts';
import { GENESIS_HASH, hashEvent, type TChainEvent, verifyChain } from './event-chain.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level, drops undefined and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null }, e: undefined })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(canonicalJson('ñ"')).toBe('"ñ\\""');
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });
});

const chain = buildChain;

describe('verifyChain', () => {
  it('accepts an intact chain', () => {
    expect(verifyChain(chain(4))).toBeNull();
    expect(verifyChain([])).toBeNull();
  });

  it('finds an altered event, a removed event and a re-linked event', () => {
    const altered = chain(4);
    altered[2] = { ...altered[2]!, reason: 'changed' };
    expect(verifyChain(altered)).toEqual({ seq: 3, problem: 'hash' });
    const removed = chain(4);
    removed.splice(1, 1);
    expect(verifyChain(removed)).toEqual({ seq: 3, problem: 'sequence' });
    const relinked = chain(3);
    relinked[1] = { ...relinked[1]!, prevHash: GENESIS_HASH };
    expect(verifyChain(relinked)).toEqual({ seq: 2, problem: 'prevHash' });
  });

  it('hashes the same event the same way whatever the key order', () => {
    const [event] = chain(1);
    const { hash, ...rest } = event!;
    const reordered = Object.fromEntries(Object.entries(rest).reverse()) as TChainEvent;
    expect(hashEvent(reordered)).toBe(hash);
  });
});
