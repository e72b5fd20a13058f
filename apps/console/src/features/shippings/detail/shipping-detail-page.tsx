import { PATHS } from '@sello/contracts/routes';
import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DownloadDialog } from '../../../components/download-dialog/download-dialog.tsx';
import { useSession } from '../../../session/use-session.ts';
import { DenyDialog } from '../shared/deny-dialog.tsx';
import { useShippingDetail } from '../shared/shipping-api.ts';
import { DetailAuthorisationsCard } from './detail-authorisations-card.tsx';
import { DetailDataCard } from './detail-data-card.tsx';
import { DetailDocumentsCard } from './detail-documents-card.tsx';
import { DetailEventsCard } from './detail-events-card.tsx';
import { DetailHeader } from './detail-header.tsx';
import { offeredDownloadOptions } from './detail-options.ts';
import { DetailReceiversCard } from './detail-receivers-card.tsx';
import { HandOverDialog } from './hand-over-dialog.tsx';
import { allowedDetailActions, useDetailActions } from './use-detail-actions.ts';

/** `/shippings/detail/{id}`: data, receivers, documents, timeline, authorisations and the allowed actions. */
export default function ShippingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const params = useParams();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const detail = useShippingDetail(id);
  const [denyOpen, setDenyOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [handOverOpen, setHandOverOpen] = useState(false);
  const actions = useDetailActions();

  if (id === undefined) return <Empty description={t('SHIPPING_NOT_FOUND')} data-testid="shipping-not-found" />;
  const shipping = detail.data;
  if (!shipping)
    return detail.isError ? <Empty description={t('SHIPPING_NOT_FOUND')} data-testid="shipping-not-found" /> : null;

  const offered = offeredDownloadOptions(shipping.documents);

  return (
    <div className="shipping-detail" data-testid="shipping-detail">
      <DetailHeader
        id={id}
        shipping={shipping}
        allowed={allowedDetailActions(shipping)}
        actions={actions}
        canCopy={Boolean(permissions.newSend && permissions.editMode)}
        canDownload={offered.length > 0}
        onDeny={() => setDenyOpen(true)}
        onDownload={() => setDownloadOpen(true)}
        onHandOver={() => setHandOverOpen(true)}
      />
      {shipping.deleted && <Alert type="warning" showIcon message={t('SHIPPING_DELETED_HINT')} />}
      <DetailDataCard shipping={shipping} />
      <DetailReceiversCard receivers={shipping.receivers} service={shipping.service} />
      <DetailDocumentsCard shipping={shipping} />
      {shipping.authorisations.length > 0 && <DetailAuthorisationsCard authorisations={shipping.authorisations} />}
      <DetailEventsCard events={shipping.events} service={shipping.service} />
      <DenyDialog
        open={denyOpen}
        count={1}
        states={[shipping.state]}
        onCancel={() => setDenyOpen(false)}
        onDeny={(reason) => {
          setDenyOpen(false);
          void actions.run(id, 'deny', reason);
        }}
      />
      <HandOverDialog shipping={shipping} open={handOverOpen} onClose={() => setHandOverOpen(false)} />
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
