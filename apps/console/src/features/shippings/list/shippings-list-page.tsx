import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog } from '../../../components/download-dialog/download-dialog.tsx';
import { PagedTable } from '../../../components/paged-table/paged-table.tsx';
import { useSession } from '../../../session/use-session.ts';
import { DenyDialog } from '../shared/deny-dialog.tsx';
import { useDownloadAvailability } from '../shared/shipping-api.ts';
import { BatchBar, BatchOutcomes } from './batch-bar.tsx';
import { ShippingRowCard, useShippingListColumns } from './shipping-list-columns.tsx';
import { ShippingListHeader } from './shipping-list-header.tsx';
import { ShippingListToolbar } from './shipping-list-toolbar.tsx';
import { useBatchSelection } from './use-batch-selection.ts';
import { useShippingListQuery } from './use-shipping-list-query.ts';

/** `/shippings` (own), `/shippings/all` and the authorisations view `?view=auth` of either. */
export default function ShippingsListPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const { scope, state, setState, extra, setExtra, query, list } = useShippingListQuery();
  const columns = useShippingListColumns();
  const selection = useBatchSelection();
  const { selectedRows } = selection;
  const [denyOpen, setDenyOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const selectedIds = selectedRows.map((row) => row.requestId);
  // Until the server says which files exist, nothing is offered.
  const availability = useDownloadAvailability(selectedIds, downloadOpen);

  return (
    <div className="shippings-list" data-testid="shippings-list">
      <ShippingListHeader scope={scope} authView={extra.authView} />
      <ShippingListToolbar state={state} setState={setState} extra={extra} setExtra={setExtra} query={query} />
      <BatchBar
        selection={selection}
        canEdit={Boolean(permissions.editMode)}
        onDeny={() => setDenyOpen(true)}
        onDownload={() => setDownloadOpen(true)}
      />
      <BatchOutcomes selection={selection} />
      <PagedTable<TShippingRow>
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={state}
        onStateChange={setState}
        rowKey={(row) => row.requestId}
        card={(row) => <ShippingRowCard row={row} />}
        cardSelectLabel={(row) => t('SHIPPING_DETAIL_TITLE', { id: row.requestId })}
        rowSelection={{
          selectedRowKeys: selection.selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: selection.select,
          getCheckboxProps: (row) => ({ 'data-testid': `select-${row.requestId}` }) as object,
        }}
        data-testid="shippings-table"
      />
      <DenyDialog
        open={denyOpen}
        count={selectedRows.length}
        states={selectedRows.map((row) => row.state)}
        onCancel={() => setDenyOpen(false)}
        onDeny={(reason) => {
          setDenyOpen(false);
          void selection.run('deny', reason);
        }}
      />
      <DownloadDialog
        open={downloadOpen}
        shippingIds={selectedIds}
        offered={availability.data?.options ?? []}
        onClose={() => setDownloadOpen(false)}
      />
    </div>
  );
}
