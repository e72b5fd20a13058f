import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES, importsApi, type TImportDetail } from '@sello/contracts/catalogue/imports';
import type { Channel } from '@sello/contracts/enums';
import { Alert, Button, Card, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, notifyFailure } from '../../api/http-client.ts';
import { importFileErrorText } from '../../components/form/import-failures.tsx';
import { ImportResult } from './import-result.tsx';
import { downloadSample, useImportCompanies, useImportProgress, useImportTypes } from './use-imports.ts';

const ACCEPT =
  '.csv,.txt,.xlsx,.ods,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';

/** `/shippings/import`: a CSV or Excel file of shippings of one type, checked (dry run), then confirmed. */
export default function ImportFilePage() {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number>();
  const [typeId, setTypeId] = useState<number>();
  const [channel, setChannel] = useState<Channel>();
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [documents, setDocuments] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const companies = useImportCompanies();
  const types = useImportTypes(companyId);
  const type = types.data?.find((entry) => entry.value === typeId);
  const progress = useImportProgress(importId);

  const upload = async (mapping?: Record<string, string>) => {
    if (!file || companyId === undefined || typeId === undefined || !channel) return;
    setBusy(true);
    setFileError(null);
    try {
      const detail: TImportDetail = await callEndpoint(importsApi.import, {
        form: {
          companyId,
          typeId,
          channel,
          description: description || undefined,
          mapping: mapping && JSON.stringify(mapping),
          data: file,
          documents,
        },
      });
      setImportId(detail.importId);
    } catch (error) {
      const text = importFileErrorText(error, t);
      if (text) setFileError(text);
      else notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="import-file-page">
      <Typography.Title level={2}>{t('IMPORT_FILE_TITLE')}</Typography.Title>
      <Card>
        <Form layout="vertical">
          <Space wrap size="large">
            <Form.Item label={t('IMPORT_COMPANY')} htmlFor="import-company" required>
              <Select
                style={{ width: 260 }}
                id="import-company"
                data-testid="import-company"
                value={companyId}
                loading={companies.isLoading}
                options={(companies.data ?? []).map((company) => ({ value: company.value, label: company.text }))}
                onChange={(value: number) => {
                  setCompanyId(value);
                  setTypeId(undefined);
                  setChannel(undefined);
                }}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_TYPE')} htmlFor="import-type" required>
              <Select
                style={{ width: 260 }}
                id="import-type"
                data-testid="import-type"
                value={typeId}
                disabled={companyId === undefined}
                options={(types.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
                onChange={(value: number) => {
                  setTypeId(value);
                  const chosen = types.data?.find((entry) => entry.value === value);
                  setChannel(chosen?.channels?.[0]);
                }}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_CHANNEL')} htmlFor="import-channel" required>
              <Select
                style={{ width: 180 }}
                id="import-channel"
                data-testid="import-channel"
                value={channel}
                disabled={!type}
                options={(type?.channels ?? []).map((value) => ({ value, label: t(`IMPORT_CHANNEL_${value}`) }))}
                onChange={setChannel}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_DESCRIPTION')} htmlFor="import-description">
              <Input
                id="import-description"
                style={{ width: 260 }}
                maxLength={200}
                value={description}
                data-testid="import-description"
                onChange={(event) => setDescription(event.target.value)}
              />
            </Form.Item>
          </Space>
          {typeId !== undefined && (
            <Button
              icon={<DownloadOutlined />}
              data-testid="import-sample"
              onClick={() => void downloadSample(typeId).catch(notifyFailure)}
            >
              {t('IMPORT_SAMPLE')}
            </Button>
          )}
          <Form.Item label={t('IMPORT_DATA_FILE')} required style={{ marginTop: 16 }}>
            <Upload.Dragger
              accept={ACCEPT}
              maxCount={1}
              data-testid="import-data"
              fileList={file ? [{ uid: 'import-data', name: file.name, status: 'done', size: file.size }] : []}
              beforeUpload={(chosen) => {
                if (chosen.size > IMPORT_FILE_MAX_BYTES) {
                  setFileError(t('ERR_MAX_FILE_SIZE', { size: IMPORT_FILE_MAX_BYTES / 1024 }));
                  setFile(null);
                } else {
                  setFile(chosen);
                  setFileError(null);
                }
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t('IMPORT_DROP')}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item label={t('IMPORT_SHARED_DOCUMENTS')}>
            <Upload
              multiple
              accept=".pdf,application/pdf,image/*,.zip,application/zip"
              data-testid="import-documents"
              fileList={documents.map((document, index) => ({
                uid: String(index),
                name: document.name,
                status: 'done',
              }))}
              beforeUpload={(chosen) => {
                setDocuments((current) =>
                  current.some((document) => document.name === chosen.name) ? current : [...current, chosen],
                );
                return false;
              }}
              onRemove={(removed) =>
                setDocuments((current) => current.filter((document) => document.name !== removed.name))
              }
            >
              <Button>{t('IMPORT_ADD_DOCUMENT')}</Button>
            </Upload>
          </Form.Item>
          {fileError && <Alert type="error" showIcon title={fileError} data-testid="import-file-error" />}
          <Button
            type="primary"
            loading={busy}
            disabled={!file || !channel}
            data-testid="import-check"
            onClick={() => void upload()}
          >
            {t('IMPORT_CHECK')}
          </Button>
        </Form>
      </Card>
      {progress.data && <ImportResult detail={progress.data} onMappingChange={(mapping) => void upload(mapping)} />}
    </Space>
  );
}
