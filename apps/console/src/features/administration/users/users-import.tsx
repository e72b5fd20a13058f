import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type TUsersImportResult, USERS_IMPORT_MAX_BYTES } from '@sello/contracts/catalogue/administration-users';
import { Alert, Button, Modal, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { readAsDataUrl } from '../../../components/form/file-field.tsx';
import { ImportFailures, importFileErrorText } from '../../../components/form/import-failures.tsx';
import { onCloseAllDialogs } from '../../../lib/dialogs.ts';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { useImportUsers } from './use-users.ts';

const ACCEPT =
  '.csv,.xlsx,.ods,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';

/**
 * Bulk import of users from CSV or Excel (`importUsers`). Either every row is created or none is; a
 * refused file comes back with the list of failing rows, shown here line by line.
 */
export function UsersImport() {
  const { t } = useTranslation();
  const { chosenDomainId } = useAdminDomain();
  const importUsers = useImportUsers();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState<TUsersImportResult['failed'] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => onCloseAllDialogs(() => setOpen(false)), []);

  const reset = () => {
    setFile(null);
    setFailed(null);
    setFileError(null);
  };

  const submit = async () => {
    if (!file) return;
    setFailed(null);
    setFileError(null);
    try {
      const data = await readAsDataUrl(file);
      const result = await importUsers.mutateAsync({ domainid: chosenDomainId, data, fileName: file.name });
      if (result.failed.length > 0) {
        setFailed(result.failed);
        return;
      }
      notify.success('USERS_IMPORT_OK', { params: { count: result.created } });
      setOpen(false);
      reset();
    } catch (error) {
      const text = importFileErrorText(error, t);
      if (text) setFileError(text);
      else notifyFailure(error);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="users-import-open">
        {t('USERS_IMPORT')}
      </Button>
      <Modal
        open={open}
        title={t('USERS_IMPORT_TITLE')}
        onCancel={() => {
          setOpen(false);
          reset();
        }}
        okText={t('USERS_IMPORT_SUBMIT')}
        cancelText={t('CLOSE')}
        onOk={() => void submit()}
        okButtonProps={{ disabled: !file, loading: importUsers.isPending, 'data-testid': 'users-import-submit' }}
        width={720}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('USERS_IMPORT_HELP')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          <code>userid;name;email;role;language;companies;groups;permissions;active</code>
        </Typography.Paragraph>
        <Upload.Dragger
          accept={ACCEPT}
          maxCount={1}
          fileList={
            file ? [{ uid: 'import-file', name: file.name, status: 'done', size: file.size, type: file.type }] : []
          }
          beforeUpload={(chosen) => {
            setFailed(null);
            if (chosen.size > USERS_IMPORT_MAX_BYTES) {
              setFile(null);
              setFileError(t('ERR_MAX_FILE_SIZE', { size: Math.round(USERS_IMPORT_MAX_BYTES / 1024) }));
            } else {
              setFile(chosen);
              setFileError(null);
            }
            return false;
          }}
          onRemove={() => reset()}
          data-testid="users-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('USERS_IMPORT_DROP')}</p>
        </Upload.Dragger>
        {fileError && (
          <Alert type="error" showIcon title={fileError} className="admin-alert" data-testid="users-import-error" />
        )}
        {failed && (
          <ImportFailures
            failed={failed}
            title={t('USERS_IMPORT_FAILED', { count: failed.length })}
            data-testid="users-import-report"
          />
        )}
      </Modal>
    </>
  );
}
