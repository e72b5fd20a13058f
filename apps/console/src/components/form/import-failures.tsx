import { Alert, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/http-client.ts';
import { fieldErrorText } from './form-errors.ts';

/** A row an all-or-nothing file import refused: its line (the header is line 1), column and error key. */
export type TImportFailure = { line: number; field?: string; key: string };

/** The text of a refused file (field errors of the call), or null when the failure is of another kind. */
export function importFileErrorText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiCallError) || Object.keys(error.fields).length === 0) return null;
  return Object.values(error.fields)
    .map((key) => fieldErrorText(key, t, error.body?.params))
    .join(' ');
}

/** The refused rows of an import, line by line, under an error that says nothing was imported. */
export function ImportFailures({
  failed,
  title,
  'data-testid': testId,
}: {
  failed: TImportFailure[];
  title: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Alert type="error" showIcon className="admin-alert" title={title} />
      <Table<TImportFailure>
        size="small"
        rowKey={(row) => `${row.line}-${row.field ?? ''}-${row.key}`}
        dataSource={failed}
        pagination={failed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'line', title: t('USERS_IMPORT_LINE'), dataIndex: 'line', width: 80 },
          { key: 'field', title: t('USERS_IMPORT_COLUMN'), render: (_value, row) => row.field ?? '—', width: 140 },
          { key: 'key', title: t('USERS_IMPORT_ERROR'), render: (_value, row) => fieldErrorText(row.key, t) },
        ]}
      />
    </div>
  );
}
