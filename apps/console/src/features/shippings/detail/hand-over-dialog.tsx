import { DesktopOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import {
  type HandOverMethod,
  shippingsHandOverApi,
  type THandOver,
} from '@sello/contracts/catalogue/shippings-hand-over';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, notifyFailure } from '../../../api/http-client.ts';
import { logoutAndLeave } from '../../../session/logout.ts';
import { shippingKeys } from '../shared/shipping-api.ts';
import { formatDateTime } from '../shared/shipping-labels.tsx';
import { QrCode } from './qr-code.tsx';

/** How often the dialog looks whether the receiver has opened the QR code's page. */
const WATCH_MS = 4000;

const handOverCount = (shipping: TShippingDetail) =>
  shipping.events.filter((event) => event.action === 'handedOver').length;

/**
 * Hands an on-screen shipping's page to a receiver at the desk: opened here in a locked kiosk view (the console
 * session ends first, so the receiver cannot reach it), or shown as a QR code of a one-time link for their phone.
 * The server mints a fresh one-time access each time; the receiver's own link and PIN are never shown.
 */
export function HandOverDialog({
  shipping,
  open,
  onClose,
}: {
  shipping: TShippingDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const receivers = shipping.receivers.filter((receiver) => shipping.handOver.includes(receiver.position));
  const [position, setPosition] = useState<number | undefined>(receivers[0]?.position);
  const [busy, setBusy] = useState<HandOverMethod | null>(null);
  const [shown, setShown] = useState<{ answer: THandOver; before: number } | null>(null);
  const chosen = receivers.some((receiver) => receiver.position === position) ? position : receivers[0]?.position;
  const opened = shown !== null && handOverCount(shipping) > shown.before;

  // While a QR code is shown, the shipping is read again until its page has been opened.
  useEffect(() => {
    if (!open || shown === null || opened) return;
    const timer = window.setInterval(
      () => void client.invalidateQueries({ queryKey: shippingKeys.detail(shipping.requestId) }),
      WATCH_MS,
    );
    return () => window.clearInterval(timer);
  }, [open, shown, opened, client, shipping.requestId]);

  const mint = async (method: HandOverMethod) => {
    if (chosen === undefined) return;
    setBusy(method);
    try {
      const answer = await callEndpoint(shippingsHandOverApi.handOver, {
        body: { requestId: shipping.requestId, position: chosen, method },
      });
      if (method === 'kiosk') {
        await logoutAndLeave(answer.url);
        return;
      }
      setShown({ answer, before: handOverCount(shipping) });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setShown(null);
    void client.invalidateQueries({ queryKey: shippingKeys.all });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('HAND_OVER_TITLE')}
      onCancel={close}
      footer={
        <Button onClick={close} data-testid="hand-over-close">
          {t('CLOSE')}
        </Button>
      }
      destroyOnHidden
      data-testid="hand-over-dialog"
    >
      {shown?.answer.qr ? (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text strong data-testid="hand-over-qr-for">
            {shown.answer.receiverName}
          </Typography.Text>
          <QrCode
            rows={shown.answer.qr}
            link={shown.answer.url}
            label={t('HAND_OVER_QR_ALT', { name: shown.answer.receiverName })}
          />
          <Typography.Text>{t('HAND_OVER_QR_HINT', { time: formatDateTime(shown.answer.expiresAt) })}</Typography.Text>
          {opened ? (
            <Alert type="success" showIcon title={t('HAND_OVER_QR_OPENED')} data-testid="hand-over-opened" />
          ) : (
            <Button icon={<QrcodeOutlined />} loading={busy === 'qr'} onClick={() => void mint('qr')}>
              {t('HAND_OVER_QR_AGAIN')}
            </Button>
          )}
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {receivers.length > 1 && (
            <Radio.Group
              value={chosen}
              onChange={(event) => setPosition(event.target.value as number)}
              aria-label={t('HAND_OVER_RECEIVER')}
              data-testid="hand-over-receiver"
            >
              <Space orientation="vertical">
                {receivers.map((receiver) => (
                  <Radio key={receiver.position} value={receiver.position}>
                    {receiver.name}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
          {receivers.length === 1 && <Typography.Text strong>{receivers[0]!.name}</Typography.Text>}
          <Typography.Paragraph>{t('HAND_OVER_KIOSK_HINT')}</Typography.Paragraph>
          <Button
            type="primary"
            icon={<DesktopOutlined />}
            loading={busy === 'kiosk'}
            disabled={busy !== null}
            onClick={() => void mint('kiosk')}
            data-testid="hand-over-kiosk"
          >
            {t('HAND_OVER_KIOSK')}
          </Button>
          <Typography.Paragraph>{t('HAND_OVER_QR_INTRO')}</Typography.Paragraph>
          <Button
            icon={<QrcodeOutlined />}
            loading={busy === 'qr'}
            disabled={busy !== null}
            onClick={() => void mint('qr')}
            data-testid="hand-over-qr"
          >
            {t('HAND_OVER_QR')}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
