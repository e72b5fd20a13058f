import { describe, expect, it } from 'vitest';
import { canonicalJson, GENESIS_HASH, hashEvent, type TChainEvent, verifyChain } from './event-chain.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level, drops undefined and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null }, e: undefined })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(canonicalJson('ñ"')).toBe('"ñ\\""');
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });
});

function chain(length: number): (TChainEvent & { hash: string })[] {
  const events: (TChainEvent & { hash: string })[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= length; seq++) {
    const event: TChainEvent = {
      shippingId: '7',
      seq,
      at: new Date(Date.UTC(2026, 0, seq)).toISOString(),
      actor: seq === 1 ? 'user:3' : 'system',
      action: seq === 1 ? 'create' : 'authorize',
      from: seq === 1 ? null : { state: 'pending_auth', result: null, deleted: false },
      to: { state: 'pending_auth', result: null, deleted: false },
      reason: null,
      details: { documents: ['a'.repeat(64)] },
      prevHash,
    };
    const hash = hashEvent(event);
    events.push({ ...event, hash });
    prevHash = hash;
  }
  return events;
}

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
