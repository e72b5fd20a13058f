import { UploadOutlined } from '@ant-design/icons';
import { IMPORT_FIELDS, type TImportDetail, type TImportLine } from '@sello/contracts/catalogue/imports';
import { Alert, Button, Card, Descriptions, Progress, Select, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { importFileErrorText } from '../../components/form/import-failures.tsx';
import { ImportFailedRows } from './import-failed-rows.tsx';
import {
  downloadImportErrors,
  downloadImportReport,
  isWorking,
  useRetryErrors,
  useRetryWithFile,
  useSaveImport,
} from './use-imports.ts';

const SHEETS = '.csv,.txt,.xlsx,.ods,.xls';

/** Tag colours by import state, and by row state (`row_…`), in lower case. */
const STATE_COLOURS: Record<string, string> = {
  created: 'default',
  validated: 'blue',
  in_course: 'processing',
  finished: 'green',
  error: 'red',
  row_valid: 'blue',
  row_created: 'green',
  row_error: 'red',
  row_pending: 'default',
};

/** How far the import is: the dry run counts checked rows, saving counts created ones. */
export function importProgress(detail: TImportDetail): number {
  if (detail.total === 0) return 100;
  if (detail.state === 'CREATED') return Math.round(((detail.valid + detail.errors) / detail.total) * 100);
  if (detail.state.toLowerCase() === 'in_course')
    return detail.valid === 0 ? 0 : Math.round((detail.created / detail.valid) * 100);
  return 100;
}

/**
 * An import's dry-run result, progress and rows: confirm, retry the failed rows, download the errors or the
 * report. `onMappingChange` (file imports) lets the user map a column by hand and check the file again.
 */
export function ImportResult({
  detail,
  onMappingChange,
}: {
  detail: TImportDetail;
  onMappingChange?: (mapping: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveImport();
  const retry = useRetryErrors();
  const retryWithFile = useRetryWithFile();
  const [fileError, setFileError] = useState<string | null>(null);
  const working = isWorking(detail.state);
  const canConfirm = detail.state === 'VALIDATED' && detail.valid > detail.created;

  const run = async (work: () => Promise<unknown>, ok?: string) => {
    try {
      await work();
      if (ok) notify.success(ok);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const retryCorrected = async (file: File) => {
    setFileError(null);
    try {
      await retryWithFile.mutateAsync({ importId: detail.importId, file });
      notify.success('IMPORT_RETRIED');
    } catch (error) {
      const text = importFileErrorText(error, t);
      if (text) setFileError(text);
      else notifyFailure(error);
    }
  };

  const columns = [
    { title: t('IMPORT_LINE'), dataIndex: 'line', width: 80 },
    { title: t('IMPORT_RECEIVER'), dataIndex: 'receiver' },
    {
      title: t('IMPORT_ROW_STATE'),
      dataIndex: 'state',
      render: (state: TImportLine['state']) => (
        <Tag color={STATE_COLOURS[`row_${state.toLowerCase()}`]}>{t(`IMPORT_ROW_${state}`)}</Tag>
      ),
    },
    {
      title: t('IMPORT_COLUMN'),
      dataIndex: 'column',
      render: (column: string | null, line: TImportLine) => column ?? line.field ?? '',
    },
    { title: t('IMPORT_ERROR'), dataIndex: 'errorKey', render: (key: string | null) => (key ? t(key) : '') },
    {
      title: t('IMPORT_SHIPPING'),
      dataIndex: 'requestId',
      render: (id: number | null) => (id ? <Link to={`/shippings/detail/${id}`}>#{id}</Link> : ''),
    },
  ];

  return (
    <Card title={t('IMPORT_RESULT_TITLE', { id: detail.importId })} data-testid="import-result">
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('IMPORT_STATE')}>
          <Tag color={STATE_COLOURS[detail.state.toLowerCase()]} data-testid="import-state">
            {t(`IMPORT_STATE_${detail.state}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('IMPORT_TOTAL')}>{detail.total}</Descriptions.Item>
        <Descriptions.Item label={t('IMPORT_VALID')}>
          <span data-testid="import-valid">{detail.valid}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('IMPORT_ERRORS')}>
          <span data-testid="import-errors">{detail.errors}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('IMPORT_CREATED')}>
          <span data-testid="import-created">{detail.created}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('IMPORT_FILE')}>{detail.fileName ?? t('IMPORT_TYPE_TEMPLATE')}</Descriptions.Item>
      </Descriptions>
      {working && <Progress percent={importProgress(detail)} status="active" data-testid="import-progress" />}
      {detail.state === 'ERROR' && (
        <Alert
          type="error"
          showIcon
          data-testid="import-error-reason"
          title={t(detail.errorKey ?? 'IMPORT_STATE_ERROR')}
          description={t('IMPORT_ERROR_STATE_HINT')}
        />
      )}
      {detail.state === 'VALIDATED' && detail.created === 0 && (
        <Alert type="info" showIcon title={t('IMPORT_DRY_RUN_INFO', { valid: detail.valid, errors: detail.errors })} />
      )}
      {onMappingChange && detail.columns.length > 0 && (
        <Space wrap style={{ margin: '12px 0' }} data-testid="import-mapping">
          {detail.columns.map((column) => (
            <Space key={column} direction="vertical" size={0}>
              <small>{column}</small>
              <Select
                style={{ width: 170 }}
                value={detail.mapping[column] ?? ''}
                aria-label={column}
                options={[
                  { value: '', label: t('IMPORT_IGNORE') },
                  ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(`IMPORT_FIELD_${field}`) })),
                ]}
                onChange={(field: string) => onMappingChange({ ...detail.mapping, [column]: field })}
              />
            </Space>
          ))}
        </Space>
      )}
      <Space wrap style={{ margin: '12px 0' }}>
        {canConfirm && (
          <Button
            type="primary"
            loading={save.isPending}
            data-testid="import-confirm"
            onClick={() =>
              void run(() => save.mutateAsync({ importId: detail.importId, type: detail.type }), 'IMPORT_SAVED')
            }
          >
            {t('IMPORT_CONFIRM', { count: detail.valid - detail.created })}
          </Button>
        )}
        {detail.errors > 0 && !working && (
          <Button
            data-testid="import-download-errors"
            onClick={() => void run(() => downloadImportErrors(detail.importId))}
          >
            {t('IMPORT_DOWNLOAD_ERRORS')}
          </Button>
        )}
        {(detail.errors > 0 || detail.state === 'ERROR') && !working && (
          <Button
            data-testid="import-retry"
            loading={retry.isPending}
            onClick={() => void run(() => retry.mutateAsync(detail.importId))}
          >
            {t(detail.state === 'ERROR' ? 'IMPORT_RETRY' : 'IMPORT_RETRY_ERRORS')}
          </Button>
        )}
        {detail.errors > 0 && !working && (
          <Upload
            accept={SHEETS}
            showUploadList={false}
            beforeUpload={(file) => {
              void retryCorrected(file);
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={retryWithFile.isPending}
              title={t('IMPORT_RETRY_WITH_FILE_HINT')}
              data-testid="import-retry-with-file"
            >
              {t('IMPORT_RETRY_WITH_FILE')}
            </Button>
          </Upload>
        )}
        <Button data-testid="import-report" onClick={() => void run(() => downloadImportReport(detail.importId))}>
          {t('IMPORT_REPORT')}
        </Button>
      </Space>
      {fileError && <Alert type="error" showIcon title={fileError} data-testid="import-retry-file-error" />}
      {detail.errors > 0 && !working && <ImportFailedRows key={detail.importId} detail={detail} />}
      <Table
        rowKey="line"
        size="small"
        dataSource={detail.lines}
        columns={columns}
        pagination={{ pageSize: 20 }}
        data-testid="import-lines"
      />
    </Card>
  );
}
