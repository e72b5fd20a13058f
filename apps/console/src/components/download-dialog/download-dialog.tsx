import { shippingsFilesApi } from '@sello/contracts/catalogue/shippings-files';
import { DOWNLOAD_OPTIONS, type DownloadOption } from '@sello/contracts/enums';
import { Checkbox, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../api/http-client.ts';
import { onCloseAllDialogs } from '../../lib/dialogs.ts';
import { downloadFile } from '../download-file.ts';
import { canDownload, isOptionDisabled, toggleOption } from './download-options.ts';

export type TDownloadDialogProps = {
  open: boolean;
  shippingIds: readonly number[];
  /** The options the chosen shippings offer; the others are disabled. */
  offered?: readonly DownloadOption[];
  onClose: () => void;
};

/**
 * The documentation download modal of spec §2/§4: original, sent, non-report, certificate, courier
 * delivery and pack. Pack goes alone; Download is enabled with at least one shipping and one option.
 * The server first says how many files the archive holds (numberDownloadFiles), then the archive is
 * fetched through the DownloadFile form post.
 */
export function DownloadDialog({ open, shippingIds, offered = DOWNLOAD_OPTIONS, onClose }: TDownloadDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<DownloadOption[]>([]);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setChosen([]);
    onClose();
  };
  // Spec §8: a failed call closes open dialogs, this one included.
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => (open ? onCloseAllDialogs(() => closeRef.current()) : undefined), [open]);

  const download = async () => {
    if (!canDownload(shippingIds, chosen)) return;
    const body = { listOfRequests: [...shippingIds], downloadOptions: chosen };
    setBusy(true);
    try {
      const { count, limit } = await callEndpoint(shippingsFilesApi.numberDownloadFiles, { body });
      if (shippingIds.length > limit) {
        notify.error('DOWNLOAD_TOO_MANY', { params: { limit } });
        return;
      }
      if (count === 0) {
        notify.info('DOWNLOAD_NO_FILES');
        return;
      }
      await downloadFile(shippingsFilesApi.downloadFiles.path, body);
      notify.info('DOWNLOAD_STARTED', { params: { count } });
      close();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('DOWNLOAD_TITLE')}
      onCancel={close}
      onOk={() => void download()}
      okText={t('DOWNLOAD')}
      cancelText={t('CANCEL')}
      okButtonProps={{ disabled: !canDownload(shippingIds, chosen), loading: busy, 'data-testid': 'download-ok' }}
      cancelButtonProps={{ 'data-testid': 'download-cancel' }}
      destroyOnHidden
      data-testid="download-dialog"
    >
      <Space orientation="vertical">
        {DOWNLOAD_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            checked={chosen.includes(option)}
            disabled={isOptionDisabled(option, offered)}
            onChange={(event) => setChosen((current) => toggleOption(current, option, event.target.checked, offered))}
            data-testid={`download-option-${option}`}
          >
            {t(`DOWNLOAD_OPTION_${option}`)}
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}
