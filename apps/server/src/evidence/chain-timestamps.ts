import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  insertChainHeadTimestamp,
  selectChainHeadTimestamps,
  selectUnstampedChainHeads,
} from './archive-timestamps.queries.ts';
import type { TStamp } from './cms-signature.ts';
import { selectChainHead } from './evidence.queries.ts';
import { readTstInfo } from './timestamp-authority.ts';
import { checkTimestampToken } from './timestamp-token.ts';

// The head of a closed shipping's event chain, time-stamped by the TSA: every event before it is fixed in order and
// no later than the token's time, whatever the server's clock said. The imprint is the head hash itself (SHA-256).

const BATCH = 100;
/** Batches per run: up to 1,000 heads a minute, so a backlog (the first run on an old install) drains in steps. */
const BATCHES_PER_RUN = 10;

/** Time-stamps the chain head of closed shippings that have none (or whose chain grew since); answers how many. */
export async function stampChainHeads(deps: { db: Kysely<Database>; stamp: TStamp }): Promise<number> {
  let stamped = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const count = await stampBatch(deps);
    stamped += count;
    if (count < BATCH) break;
  }
  return stamped;
}

async function stampBatch(deps: { db: Kysely<Database>; stamp: TStamp }): Promise<number> {
  const heads = await selectUnstampedChainHeads(deps.db, BATCH);
  for (const head of heads) {
    const token = await deps.stamp(Buffer.from(head.headHash!, 'hex'));
    await insertChainHeadTimestamp(deps.db, {
      shippingId: head.id,
      eventCount: head.eventCount,
      headHash: head.headHash!,
      token,
      stampedAt: readTstInfo(token).genTime,
    });
  }
  return heads.length;
}

export type TChainHeadCheck = {
  /** Whether the newest token stamps the chain's present head, and its signature holds. */
  valid: boolean;
  eventCount: number;
  headHash: string;
  stampedAt: Date;
  problem: string | null;
} | null;

/** Checks the newest chain-head time-stamp of a shipping against its present chain head (null: none yet). */
export async function checkChainHeadTimestamp(db: Kysely<Database>, shippingId: string): Promise<TChainHeadCheck> {
  const [newest] = await selectChainHeadTimestamps(db, shippingId);
  if (!newest) return null;
  const head = await selectChainHead(db, shippingId);
  const check = checkTimestampToken(newest.token, Buffer.from(newest.headHash, 'hex'));
  const current = head.lastEventHash === newest.headHash && head.eventCount === newest.eventCount;
  return {
    valid: check.valid && current,
    eventCount: newest.eventCount,
    headHash: newest.headHash,
    stampedAt: check.info?.genTime ?? newest.stampedAt,
    problem: check.problem ?? (current ? null : 'head'),
  };
}
