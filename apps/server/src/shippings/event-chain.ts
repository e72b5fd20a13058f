import { createHash } from 'node:crypto';

/** `prev_hash` of the first event of every shipping. */
export const GENESIS_HASH = '0'.repeat(64);

/** Version of the hashed form; a new form gets a new number and old events keep verifying. */
const CHAIN_VERSION = 1;

type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson | undefined };

/**
 * JSON with object keys in code-point order at every level and no white space (the shape of RFC 8785
 * for the strings, integers, booleans and nulls events hold), so the same event always hashes the same.
 */
export function canonicalJson(value: TJson): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as TJson)}`);
  return `{${entries.join(',')}}`;
}

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
