import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import { allowedUserActions, type UserAction } from '@sello/contracts/shipping-lifecycle';

/** The actions a batch of the list offers. */
export const BATCH_ACTIONS = ['authorize', 'deny', 'retry', 'delete'] as const satisfies readonly UserAction[];
export type TBatchAction = (typeof BATCH_ACTIONS)[number];

/**
 * A batch action is enabled when every selected row allows it (the state machine's allowedUserActions),
 * so the server never refuses a whole batch for a row the user could not see was wrong.
 */
export function enabledBatchActions(
  rows: readonly Pick<TShippingRow, 'state' | 'result' | 'deleted'>[],
): Set<TBatchAction> {
  if (rows.length === 0) return new Set();
  const enabled = new Set<TBatchAction>(BATCH_ACTIONS);
  for (const row of rows) {
    const allowed = allowedUserActions({ state: row.state, result: row.result, deleted: row.deleted });
    for (const action of BATCH_ACTIONS) if (!allowed.includes(action)) enabled.delete(action);
  }
  return enabled;
}

export type TBatchOutcome = { requestId: number; ok: boolean; key: string };

/** One line per shipping of a batch: what the server did with each. */
export function batchOutcomes(result: {
  succeeded: readonly number[];
  failed: readonly { requestId: number; key: string }[];
}): TBatchOutcome[] {
  return [
    ...result.succeeded.map((requestId) => ({ requestId, ok: true, key: 'SHIPPING_BATCH_ROW_OK' })),
    ...result.failed.map(({ requestId, key }) => ({ requestId, ok: false, key })),
  ].sort((a, b) => a.requestId - b.requestId);
}
