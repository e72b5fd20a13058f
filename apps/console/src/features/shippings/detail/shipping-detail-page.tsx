import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  RedoOutlined,
  SendOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type {
  TShippingAuthorisation,
  TShippingDocument,
  TShippingReceiver,
} from '@sello/contracts/catalogue/shippings-detail';
import { shippingsFilesApi } from '@sello/contracts/catalogue/shippings-files';
import { evidenceGroupOf } from '@sello/contracts/evidence-groups';
import { PATHS } from '@sello/contracts/routes';
import { allowedUserActions, detailActionOf } from '@sello/contracts/shipping-lifecycle';
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Space, Table, Tag, Timeline, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { DownloadDialog } from '../../../components/download-dialog/download-dialog.tsx';
import { downloadFile } from '../../../components/download-file.ts';
import { useSession } from '../../../session/use-session.ts';
import { DenyDialog, type TDenyReason } from '../shared/deny-dialog.tsx';
import { useSendAccessCommunication, useShippingDetail } from '../shared/shipping-api.ts';
import {
  channelName,
  formatDateTime,
  identificationSubstateKey,
  ResultTag,
  StateTag,
  serviceName,
  shippingCopyPath,
  situationReasonKey,
} from '../shared/shipping-labels.tsx';
import { type TDetailAction, useShippingActions } from '../shared/use-shipping-actions.ts';
import { formatBytes, offeredDownloadOptions } from './detail-options.ts';

/** `/shippings/detail/{id}`: data, receivers, documents, timeline, authorisations and the allowed actions. */
export default function ShippingDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const params = useParams();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const detail = useShippingDetail(id);
  const [denyOpen, setDenyOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const resendAccess = useSendAccessCommunication();

  const { one: act } = useShippingActions();

  if (id === undefined) return <Empty description={t('SHIPPING_NOT_FOUND')} data-testid="shipping-not-found" />;
  const shipping = detail.data;
  if (!shipping)
    return detail.isError ? <Empty description={t('SHIPPING_NOT_FOUND')} data-testid="shipping-not-found" /> : null;

  // The server also weighs the user's flags and role; the state machine has the last word on the screen.
  const possible: readonly string[] = allowedUserActions(shipping).map(detailActionOf);
  const allowed = new Set(shipping.allowedActions.filter((action) => possible.includes(action)));
  const run = (action: TDetailAction, reason?: TDenyReason) =>
    act.mutateAsync({ action, requestId: id, reason }).catch(() => {});
  const offered = offeredDownloadOptions(shipping.documents);
  const canCopy = Boolean(permissions.newSend && permissions.editMode);
  const sendAccessAgain = () =>
    resendAccess
      .mutateAsync(shipping.requestId)
      .then(
        (answer) => notify.success('SHIPPING_DONE_RESEND_ACCESS', { params: { count: answer.receivers } }),
        notifyFailure,
      );

  const downloadDocument = (document: TShippingDocument) =>
    void downloadFile(
      shipping.state === 'pending_auth' || shipping.state === 'auths_pending_user'
        ? shippingsFilesApi.downloadAuthFile.path
        : shippingsFilesApi.downloadFile.path,
      { requestId: shipping.requestId, fileRequest: document.fileRequest },
    );

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

  const receiverColumns = [
    { key: 'position', title: '#', render: (_: unknown, row: TShippingReceiver) => row.position },
    { key: 'name', title: t('SHIPPING_RECEIVER'), render: (_: unknown, row: TShippingReceiver) => row.name },
    {
      key: 'document',
      title: t('RECEIVER_DOCUMENT'),
      render: (_: unknown, row: TShippingReceiver) =>
        row.documentNumber ? `${row.documentType ?? ''} ${row.documentNumber}` : '—',
    },
    {
      key: 'contact',
      title: t('RECEIVER_CONTACT'),
      render: (_: unknown, row: TShippingReceiver) =>
        [row.email, row.mobile, row.postal && `${row.postal.street}, ${row.postal.postalCode} ${row.postal.city}`]
          .filter(Boolean)
          .join(' · ') || '—',
    },
    {
      key: 'status',
      title: t('SHIPPING_STATE'),
      render: (_: unknown, row: TShippingReceiver) => (
        <Tag data-testid={`receiver-status-${row.position}`}>{t(`RECEIVER_STATUS_${row.status}`)}</Tag>
      ),
    },
  ];

  const documentColumns = [
    {
      key: 'name',
      title: t('DOCUMENT_NAME'),
      render: (_: unknown, row: TShippingDocument) => (
        <Button
          type="link"
          size="small"
          onClick={() => downloadDocument(row)}
          data-testid={`document-download-${row.fileRequest}`}
        >
          {row.name}
        </Button>
      ),
    },
    {
      key: 'kind',
      title: t('DOCUMENT_KIND'),
      render: (_: unknown, row: TShippingDocument) => t(`DOCUMENT_KIND_${row.kind}`),
    },
    {
      key: 'size',
      title: t('DOCUMENT_SIZE'),
      render: (_: unknown, row: TShippingDocument) => formatBytes(row.sizeBytes),
    },
    {
      key: 'sha256',
      title: 'SHA-256',
      render: (_: unknown, row: TShippingDocument) => (
        <Typography.Text code copyable className="shipping-hash" data-testid={`document-sha-${row.fileRequest}`}>
          {row.sha256}
        </Typography.Text>
      ),
    },
  ];

  const authorisationColumns = [
    {
      key: 'authoriser',
      title: t('AUTHORISATION_AUTHORISER'),
      render: (_: unknown, row: TShippingAuthorisation) => row.authoriserName,
    },
    {
      key: 'decision',
      title: t('AUTHORISATION_DECISION'),
      render: (_: unknown, row: TShippingAuthorisation) => (
        <Tag data-testid={`authorisation-${row.id}`} data-decision={row.decision}>
          {t(`AUTHORISATION_${row.decision.toUpperCase()}`)}
        </Tag>
      ),
    },
    {
      key: 'decidedBy',
      title: t('AUTHORISATION_DECIDED_BY'),
      render: (_: unknown, row: TShippingAuthorisation) =>
        row.decidedBy ? `${row.decidedBy} · ${formatDateTime(row.decidedAt)}` : '—',
    },
    {
      key: 'deadline',
      title: t('AUTHORISATION_DEADLINE'),
      render: (_: unknown, row: TShippingAuthorisation) => formatDateTime(row.deadlineAt),
    },
  ];

  return (
    <div className="shipping-detail" data-testid="shipping-detail">
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
          <ResultTag result={shipping.result} testId="detail-result" />
          {shipping.deleted && <Tag color="red">{t('SHIPPING_DELETED')}</Tag>}
          {shipping.isSandbox && <Tag color="purple">{t('SHIPPING_SANDBOX')}</Tag>}
        </Space>
        <Space wrap data-testid="detail-actions">
          {actionButton('authorize', <CheckOutlined />, () => void run('authorize'))}
          {actionButton('deny', <CloseOutlined />, () => setDenyOpen(true))}
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
              onClick={() => void sendAccessAgain()}
              data-testid="detail-resend-access"
            >
              {t('SHIPPING_ACTION_RESEND_ACCESS')}
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
          <Button
            icon={<DownloadOutlined />}
            disabled={offered.length === 0}
            onClick={() => setDownloadOpen(true)}
            data-testid="detail-download"
          >
            {t('DOWNLOAD_TITLE')}
          </Button>
        </Space>
      </div>
      {shipping.deleted && <Alert type="warning" showIcon message={t('SHIPPING_DELETED_HINT')} />}
      <Card title={t('SHIPPING_DATA')} size="small" className="shipping-detail-card">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="detail-data">
          <Descriptions.Item label={t('SHIPPING_REFERENCE')}>{shipping.reference ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_SUBJECT')}>{shipping.subject}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_SERVICE')}>
            {serviceName(shipping.service, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_CHANNEL')}>
            {channelName(shipping.channel, i18n.language)}
          </Descriptions.Item>
          {(shipping.situationCode || shipping.situationReason) && (
            <Descriptions.Item label={t('SHIPPING_SITUATION')}>
              <span data-testid="detail-situation">
                {[shipping.situationCode, shipping.situationReason && t(situationReasonKey(shipping.situationReason))]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </Descriptions.Item>
          )}
          {shipping.identificationSubstate && (
            <Descriptions.Item label={t('SHIPPING_IDENTIFICATION')}>
              <span data-testid="detail-identification">
                {t(identificationSubstateKey(shipping.identificationSubstate))}
              </span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('SHIPPING_TYPE')}>{shipping.typeName}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_COMPANY')}>{shipping.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_SENDER')}>{shipping.sender}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_CREATED_AT')}>{formatDateTime(shipping.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('SHIPPING_UPDATED_AT')}>{formatDateTime(shipping.updatedAt)}</Descriptions.Item>
          {shipping.responseDeadlineAt && (
            <Descriptions.Item label={t('SHIPPING_RESPONSE_DEADLINE')}>
              {formatDateTime(shipping.responseDeadlineAt)}
            </Descriptions.Item>
          )}
          {shipping.custodyUntil && (
            <Descriptions.Item label={t('SHIPPING_CUSTODY_UNTIL')}>
              {formatDateTime(shipping.custodyUntil)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="GUID">
            <Typography.Text copyable>{shipping.guid}</Typography.Text>
          </Descriptions.Item>
          {Object.entries(shipping.customFields).map(([name, value]) => (
            <Descriptions.Item key={`custom-${name}`} label={name}>
              {value}
            </Descriptions.Item>
          ))}
        </Descriptions>
        {shipping.formValues.length > 0 && (
          <Descriptions
            title={t('SHIPPING_FORM')}
            column={{ xs: 1, md: 2 }}
            size="small"
            data-testid="detail-form-values"
            items={shipping.formValues.map((entry) => ({ key: entry.name, label: entry.label, children: entry.value }))}
          />
        )}
        {shipping.body && (
          <Typography.Paragraph className="shipping-body" data-testid="detail-body">
            {shipping.body}
          </Typography.Paragraph>
        )}
      </Card>
      <Card title={t('SHIPPING_RECEIVERS')} size="small" className="shipping-detail-card">
        <Table
          rowKey="position"
          size="small"
          pagination={false}
          columns={receiverColumns}
          dataSource={shipping.receivers}
          data-testid="detail-receivers"
        />
      </Card>
      <Card title={t('SHIPPING_DOCUMENTS')} size="small" className="shipping-detail-card">
        <Table
          rowKey="fileRequest"
          size="small"
          pagination={false}
          columns={documentColumns}
          dataSource={shipping.documents}
          locale={{ emptyText: t('LIST_EMPTY') }}
          data-testid="detail-documents"
        />
      </Card>
      {shipping.authorisations.length > 0 && (
        <Card title={t('SHIPPING_AUTHORISATIONS')} size="small" className="shipping-detail-card">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={authorisationColumns}
            dataSource={shipping.authorisations}
            data-testid="detail-authorisations"
          />
        </Card>
      )}
      <Card title={t('SHIPPING_EVENTS')} size="small" className="shipping-detail-card">
        <Timeline
          data-testid="detail-events"
          items={shipping.events.map((event) => ({
            key: event.seq,
            children: (
              <div data-testid={`event-${event.seq}`}>
                <strong>{formatDateTime(event.at)}</strong> ·{' '}
                {event.actor === 'system' ? t('EVENT_SYSTEM') : event.actor} ·{' '}
                <Tag title={t('EVIDENCE_GROUP')} data-testid={`event-group-${event.seq}`}>
                  {t(`EVIDENCE_GROUP_${evidenceGroupOf(event.action).group}`)}
                </Tag>
                <div>
                  {t(`EVENT_ACTION_${event.action}`, { defaultValue: event.action })}:{' '}
                  {event.fromState ? `${t(`SHIPPING_STATE_${event.fromState}`)} → ` : ''}
                  {t(`SHIPPING_STATE_${event.toState}`)}
                  {event.toResult ? ` (${t(`SHIPPING_RESULT_${event.toResult}`)})` : ''}
                </div>
                {event.reason && <div className="shipping-event-reason">{event.reason}</div>}
              </div>
            ),
          }))}
        />
      </Card>
      <DenyDialog
        open={denyOpen}
        count={1}
        states={[shipping.state]}
        onCancel={() => setDenyOpen(false)}
        onDeny={(reason) => {
          setDenyOpen(false);
          void run('deny', reason);
        }}
      />
      <DownloadDialog
        open={downloadOpen}
        shippingIds={[shipping.requestId]}
        offered={offered}
        onClose={() => setDownloadOpen(false)}
      />
      <Button type="link" onClick={() => navigate(PATHS.shippings)} data-testid="detail-to-list">
        {t('SHIPPINGS_BACK_TO_LIST')}
      </Button>
    </div>
  );
}
