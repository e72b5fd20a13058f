import { GENESIS_HASH, hashEvent, type TChainEvent } from '../src/shippings/event-chain.ts';

/** An intact chain of `length` events of shipping 7: a creation, then authorisations. */
export function buildChain(length: number): (TChainEvent & { hash: string })[] {
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
