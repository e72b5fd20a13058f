import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shippingDetailPath } from '../shared/shipping-labels.tsx';
import type { TBatchAction } from './batch-actions.ts';
import type { TBatchSelection } from './use-batch-selection.ts';

/** How many rows are selected, and the actions a batch of them allows. */
export function BatchBar({
  selection,
  canEdit,
  onDeny,
  onDownload,
}: {
  selection: TBatchSelection;
  canEdit: boolean;
  onDeny: () => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const { selectedRows, enabled, run } = selection;

  const batchButton = (action: TBatchAction, icon: ReactNode, onClick: () => void, danger = false) => (
    <Button
      icon={icon}
      danger={danger}
      disabled={!enabled.has(action) || selection.pending}
      onClick={onClick}
      data-testid={`batch-${action}`}
    >
      {t(`SHIPPING_ACTION_${action.toUpperCase()}`)}
    </Button>
  );

  return (
    <div className="shippings-batch" data-testid="shippings-batch">
      <span data-testid="shippings-selected-count">{t('SHIPPINGS_SELECTED', { count: selectedRows.length })}</span>
      <Space wrap>
        {batchButton('authorize', <CheckOutlined />, () => void run('authorize'))}
        {batchButton('deny', <CloseOutlined />, onDeny)}
        {canEdit && batchButton('retry', <RedoOutlined />, () => void run('retry'))}
        {canEdit && (
          <Popconfirm
            title={t('SHIPPINGS_DELETE_CONFIRM', { count: selectedRows.length })}
            okText={t('DELETE')}
            cancelText={t('CANCEL')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
            cancelButtonProps={{ 'data-testid': 'confirm-cancel' }}
            onConfirm={() => run('delete')}
            disabled={!enabled.has('delete')}
          >
            {batchButton('delete', <DeleteOutlined />, () => undefined, true)}
          </Popconfirm>
        )}
        <Button
          icon={<DownloadOutlined />}
          disabled={selectedRows.length === 0}
          onClick={onDownload}
          data-testid="batch-download"
        >
          {t('DOWNLOAD_TITLE')}
        </Button>
      </Space>
    </div>
  );
}

/** What the last batch did with each shipping, each linked to its detail. */
export function BatchOutcomes({ selection }: { selection: TBatchSelection }) {
  const { t } = useTranslation();
  const { outcomes } = selection;
  if (!outcomes) return null;
  return (
    <Alert
      className="shippings-outcomes"
      type={outcomes.rows.every((row) => row.ok) ? 'success' : 'warning'}
      closable
      onClose={selection.closeOutcomes}
      message={t('SHIPPING_BATCH_OUTCOMES', { action: t(`SHIPPING_ACTION_${outcomes.action.toUpperCase()}`) })}
      description={
        <ul className="shippings-outcome-list">
          {outcomes.rows.map((row) => (
            <li key={row.requestId} data-testid={`outcome-${row.requestId}`} data-ok={row.ok}>
              <Link to={shippingDetailPath(row.requestId)}>#{row.requestId}</Link>: {t(row.key)}
            </li>
          ))}
        </ul>
      }
      data-testid="batch-outcomes"
    />
  );
}
