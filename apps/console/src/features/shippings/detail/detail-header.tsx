import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  QrcodeOutlined,
  RedoOutlined,
  SendOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultTag, StateTag, shippingCopyPath } from '../shared/shipping-labels.tsx';
import type { TDetailAction } from '../shared/use-shipping-actions.ts';
import type { TDetailActions } from './use-detail-actions.ts';

/** The title, state and result of the shipping, and the buttons of the actions it allows. */
export function DetailHeader({
  id,
  shipping,
  allowed,
  actions,
  canCopy,
  canDownload,
  onDeny,
  onDownload,
  onHandOver,
}: {
  id: number;
  shipping: TShippingDetail;
  allowed: Set<TDetailAction>;
  actions: TDetailActions;
  canCopy: boolean;
  canDownload: boolean;
  onDeny: () => void;
  onDownload: () => void;
  onHandOver: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { act, resendAccess } = actions;
  const run = (action: TDetailAction) => actions.run(id, action);

  const actionButton = (action: TDetailAction, icon: ReactNode, onClick: () => void, danger = false) =>
    allowed.has(action) && (
      <Button
        icon={icon}
        danger={danger}
        loading={act.isPending && act.variables?.action === action}
        onClick={onClick}
        data-testid={`detail-${action}`}
      >
        {t(`SHIPPING_ACTION_${action.toUpperCase()}`)}
      </Button>
    );

  return (
    <div className="shippings-list-header">
      <Space>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(-1)}
          aria-label={t('BACK')}
          data-testid="detail-back"
        />
        <Typography.Title level={2}>{t('SHIPPING_DETAIL_TITLE', { id: shipping.requestId })}</Typography.Title>
        <StateTag state={shipping.state} testId="detail-state" />
        <ResultTag result={shipping.result} service={shipping.service} testId="detail-result" />
        {shipping.deleted && <Tag color="red">{t('SHIPPING_DELETED')}</Tag>}
        {shipping.isSandbox && <Tag color="purple">{t('SHIPPING_SANDBOX')}</Tag>}
      </Space>
      <Space wrap data-testid="detail-actions">
        {actionButton('authorize', <CheckOutlined />, () => void run('authorize'))}
        {actionButton('deny', <CloseOutlined />, onDeny)}
        {actionButton('retry', <RedoOutlined />, () => void run('retry'))}
        {allowed.has('cancel') && (
          <Popconfirm
            title={t('SHIPPING_CANCEL_CONFIRM')}
            okText={t('SHIPPING_ACTION_CANCEL')}
            cancelText={t('CANCEL')}
            okButtonProps={{ danger: true, 'data-testid': 'cancel-confirm-ok' }}
            onConfirm={() => run('cancel')}
          >
            {actionButton('cancel', <StopOutlined />, () => undefined, true)}
          </Popconfirm>
        )}
        {allowed.has('delete') && (
          <Popconfirm
            title={t('SHIPPING_DELETE_CONFIRM')}
            okText={t('DELETE')}
            cancelText={t('CANCEL')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
            onConfirm={() => run('delete')}
          >
            {actionButton('delete', <DeleteOutlined />, () => undefined, true)}
          </Popconfirm>
        )}
        {actionButton('recover', <UndoOutlined />, () => void run('recover'))}
        {shipping.canResendAccess && (
          <Button
            icon={<SendOutlined />}
            loading={resendAccess.isPending}
            onClick={() => void actions.sendAccessAgain(shipping.requestId)}
            data-testid="detail-resend-access"
          >
            {t('SHIPPING_ACTION_RESEND_ACCESS')}
          </Button>
        )}
        {shipping.handOver.length > 0 && (
          <Button icon={<QrcodeOutlined />} onClick={onHandOver} data-testid="detail-hand-over">
            {t('SHIPPING_ACTION_HAND_OVER')}
          </Button>
        )}
        {canCopy && (
          <Button
            icon={<CopyOutlined />}
            onClick={() => navigate(shippingCopyPath(shipping.requestId))}
            data-testid="detail-copy"
          >
            {t('SHIPPING_COPY')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} disabled={!canDownload} onClick={onDownload} data-testid="detail-download">
          {t('DOWNLOAD_TITLE')}
        </Button>
      </Space>
    </div>
  );
}
