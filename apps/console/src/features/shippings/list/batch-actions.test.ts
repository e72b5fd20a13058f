import { describe, expect, it } from 'vitest';
import { batchOutcomes, enabledBatchActions } from './batch-actions.ts';

describe('batch actions', () => {
  it('offers nothing without a selection', () => {
    expect(enabledBatchActions([]).size).toBe(0);
  });

  it('offers authorise and deny for shippings waiting for authorisation', () => {
    const enabled = enabledBatchActions([{ state: 'pending_auth', result: null, deleted: false }]);
    expect([...enabled].sort()).toEqual(['authorize', 'delete', 'deny']);
  });

  it('offers only what every selected row allows', () => {
    const enabled = enabledBatchActions([
      { state: 'pending_auth', result: null, deleted: false },
      { state: 'not_send_error', result: 'error', deleted: false },
    ]);
    expect([...enabled]).toEqual(['delete']);
    expect([...enabledBatchActions([{ state: 'sent', result: null, deleted: false }])]).toEqual([]);
  });

  it('lists the outcome of each shipping in id order', () => {
    expect(batchOutcomes({ succeeded: [3, 1], failed: [{ requestId: 2, key: 'ERR_TRANSITION' }] })).toEqual([
      { requestId: 1, ok: true, key: 'SHIPPING_BATCH_ROW_OK' },
      { requestId: 2, ok: false, key: 'ERR_TRANSITION' },
      { requestId: 3, ok: true, key: 'SHIPPING_BATCH_ROW_OK' },
    ]);
  });
});
