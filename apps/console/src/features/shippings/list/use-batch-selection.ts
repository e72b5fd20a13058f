import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import { type Key, useState } from 'react';
import type { TDenyReason } from '../shared/deny-dialog.tsx';
import { useShippingActions } from '../shared/use-shipping-actions.ts';
import { batchOutcomes, enabledBatchActions, type TBatchAction, type TBatchOutcome } from './batch-actions.ts';

/** The rows selected in the list, the batch actions they allow, and what the last batch did with each. */
export function useBatchSelection() {
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<TShippingRow[]>([]);
  const [outcomes, setOutcomes] = useState<{ action: TBatchAction; rows: TBatchOutcome[] } | null>(null);

  const { batch } = useShippingActions({
    onBatchDone: (action, result) => {
      setOutcomes({ action, rows: batchOutcomes(result) });
      setSelectedKeys([]);
      setSelectedRows([]);
    },
  });

  const run = (action: TBatchAction, reason?: TDenyReason) =>
    batch.mutateAsync({ action, ids: selectedRows.map((row) => row.requestId), reason }).catch(() => undefined);

  const select = (keys: Key[], rows: (TShippingRow | undefined)[]) => {
    setSelectedKeys(keys);
    setSelectedRows(rows.filter((row): row is TShippingRow => row !== undefined));
  };

  return {
    selectedKeys,
    selectedRows,
    select,
    enabled: enabledBatchActions(selectedRows),
    pending: batch.isPending,
    run,
    outcomes,
    closeOutcomes: () => setOutcomes(null),
  };
}

export type TBatchSelection = ReturnType<typeof useBatchSelection>;
