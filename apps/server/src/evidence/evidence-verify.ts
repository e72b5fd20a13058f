import { createHash } from 'node:crypto';
import type { TChainBreak, TShippingVerification } from '@sello/contracts/catalogue/evidence';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { GENESIS_HASH, hashEvent, type TChainEvent } from '../shippings/event-chain.ts';
import { selectChain, selectChainHead, selectStoredDocuments, type TStoredDocument } from './evidence.queries.ts';

/**
 * Every break of a chain, not only the first: each event is checked against its own number, the
 * stored hash of the event before it and its own content, so one tampered row shows as exactly one
 * `hash` break (its successor still names the stored hash, which the row did not change).
 */
export function findChainBreaks(
  events: readonly (TChainEvent & { hash: string })[],
  head: { eventCount: number; lastEventHash: string | null },
): TChainBreak[] {
  const breaks: TChainBreak[] = [];
  let previous = GENESIS_HASH;
  for (const [index, event] of events.entries()) {
    if (event.seq !== index + 1) {
      breaks.push({ seq: event.seq, problem: 'sequence', expected: String(index + 1), found: String(event.seq) });
    }
    if (event.prevHash !== previous) {
      breaks.push({ seq: event.seq, problem: 'prevHash', expected: previous, found: event.prevHash });
    }
    const { hash, ...hashed } = event;
    const recomputed = hashEvent(hashed);
    if (recomputed !== hash) breaks.push({ seq: event.seq, problem: 'hash', expected: recomputed, found: hash });
    previous = hash;
  }
  const last = events.at(-1);
  if (head.eventCount !== events.length || head.lastEventHash !== (last?.hash ?? null)) {
    breaks.push({
      seq: head.eventCount,
      problem: 'head',
      expected: last?.hash ?? null,
      found: head.lastEventHash,
    });
  }
  return breaks;
}

/** The SHA-256 of a stored file as the blob store holds it now, or null when it is gone. */
export async function hashStoredFile(blobs: TBlobStore, sha256: string): Promise<string | null> {
  let stream: Awaited<ReturnType<TBlobStore['open']>>;
  try {
    stream = await blobs.open(sha256);
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function findDocumentBreaks(blobs: TBlobStore, documents: readonly TStoredDocument[]) {
  const checked = await Promise.all(
    documents.map(async (document) => ({ document, found: await hashStoredFile(blobs, document.sha256) })),
  );
  return checked
    .filter(({ document, found }) => found !== document.sha256)
    .map(({ document, found }) => ({
      fileRequest: document.position,
      kind: document.kind as TShippingVerification['documentBreaks'][number]['kind'],
      name: document.name,
      problem: found === null ? ('missing' as const) : ('hash' as const),
      expected: document.sha256,
      found,
    }));
}

/** Recomputes a shipping's chain and the hash of each of its stored files, and lists every break. */
export async function verifyShipping(
  deps: { db: Kysely<Database>; blobs: TBlobStore },
  shippingId: string,
): Promise<TShippingVerification> {
  const [events, head, documents] = await Promise.all([
    selectChain(deps.db, shippingId),
    selectChainHead(deps.db, shippingId),
    selectStoredDocuments(deps.db, [shippingId]),
  ]);
  const chainBreaks = findChainBreaks(events, head);
  const documentBreaks = await findDocumentBreaks(deps.blobs, documents);
  return {
    requestId: Number(shippingId),
    valid: chainBreaks.length === 0 && documentBreaks.length === 0,
    events: events.length,
    lastEventHash: events.at(-1)?.hash ?? null,
    documents: documents.length,
    chainBreaks,
    documentBreaks,
    verifiedAt: new Date().toISOString(),
  };
}
