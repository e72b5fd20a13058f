import { createHash } from 'node:crypto';
import { canonicalJson, type TJson } from '../platform/canonical-json.ts';

/** `prev_hash` of the first event of every shipping. */
export const GENESIS_HASH = '0'.repeat(64);

/** Version of the hashed form; a new form gets a new number and old events keep verifying. */
const CHAIN_VERSION = 1;

export type TLifecycleSnapshot = { state: string; result: string | null; deleted: boolean };

/** What an event records; its hash covers all of it and the previous event's hash. */
export type TChainEvent = {
  shippingId: string;
  seq: number;
  /** ISO 8601 with milliseconds, UTC. */
  at: string;
  /** `system`, or `user:<id>`. */
  actor: string;
  action: string;
  from: TLifecycleSnapshot | null;
  to: TLifecycleSnapshot;
  reason: string | null;
  details: Record<string, TJson>;
  prevHash: string;
};

export function hashEvent(event: TChainEvent): string {
  const hashed = { v: CHAIN_VERSION, ...event } as unknown as TJson;
  return createHash('sha256').update(canonicalJson(hashed)).digest('hex');
}

export type TChainBreak = { seq: number; problem: 'sequence' | 'prevHash' | 'hash' };

/**
 * Recomputes a shipping's chain in order: numbers follow 1, 2, 3…, each event names the hash of the
 * one before, and each hash matches its event. Answers the first break, or null when the chain holds.
 */
export function verifyChain(events: readonly (TChainEvent & { hash: string })[]): TChainBreak | null {
  let previous = GENESIS_HASH;
  for (const [index, event] of events.entries()) {
    if (event.seq !== index + 1) return { seq: event.seq, problem: 'sequence' };
    if (event.prevHash !== previous) return { seq: event.seq, problem: 'prevHash' };
    const { hash, ...hashed } = event;
    if (hashEvent(hashed) !== hash) return { seq: event.seq, problem: 'hash' };
    previous = hash;
  }
  return null;
}
