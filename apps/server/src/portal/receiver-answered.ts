import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type TReceiverAnswer = {
  shippingId: string;
  receiverId: string;
  answer: 'accepted' | 'rejected';
  /** Every receiver of the shipping has accepted (the shipping moved to pending_cert). */
  allAccepted: boolean;
  /** The shipping asks its receivers to sign in order (multi_signer_order 1). */
  inOrder: boolean;
};

type THandler = (trx: Transaction<Database>, answer: TReceiverAnswer) => Promise<void>;

const handlers: THandler[] = [];

/**
 * Lets the dispatch side react to a receiver's answer inside the answer's transaction (e.g. send the
 * next signer of an ordered double acceptance its link). Handlers run in registration order.
 */
export function handleReceiverAnswered(handler: THandler): () => void {
  handlers.push(handler);
  return () => {
    const index = handlers.indexOf(handler);
    if (index >= 0) handlers.splice(index, 1);
  };
}

/** Called by the recipient pages after every receiver answer that leaves the shipping open or closes it. */
export async function onReceiverAnswered(trx: Transaction<Database>, answer: TReceiverAnswer): Promise<void> {
  for (const handler of handlers) await handler(trx, answer);
}
