import { EditOutlined } from '@ant-design/icons';
import { IMPORT_CELL_MAX_CHARS, type TImportDetail, type TImportLine } from '@sello/contracts/catalogue/imports';
import { Alert, Button, Card, Form, type FormInstance, Input, Modal, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { fieldErrorText } from '../../components/form/form-errors.ts';
import { Pager } from '../../components/pager/pager.tsx';
import { onCloseAllDialogs } from '../../lib/dialogs.ts';
import { useRetryRows } from './use-imports.ts';

type TFailedLine = TImportLine & { cells: Record<string, string> };
type TEdits = Record<number, Record<string, string>>;

/** The form of one failed row: a field per file column, the row's error on its column, the length bound as typed. */
function RowForm({
  form,
  line,
  cells,
  onSave,
}: {
  form: FormInstance<{ cells: string[] }>;
  line: TFailedLine;
  cells: Record<string, string> | undefined;
  onSave: (line: number, cells: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const headers = Object.keys(line.cells);
  const errorText = line.errorKey ? fieldErrorText(line.errorKey, t) : null;
  const errorIndex = line.column ? headers.indexOf(line.column) : -1;

  // The row's error stays on its field until the value there changes (the check runs again on retry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens on a row not edited yet
  useEffect(() => {
    if (errorIndex >= 0 && errorText && !cells) form.setFields([{ name: ['cells', errorIndex], errors: [errorText] }]);
  }, []);

  return (
    <>
      {errorText && errorIndex < 0 && (
        <Alert type="error" showIcon title={errorText} className="admin-alert" data-testid="import-row-error" />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ cells: headers.map((header) => (cells ?? line.cells)[header] ?? '') }}
        onFinish={(values) =>
          onSave(line.line, Object.fromEntries(headers.map((header, index) => [header, values.cells[index] ?? ''])))
        }
      >
        {headers.map((header, index) => (
          <Form.Item
            key={header}
            name={['cells', index]}
            label={header}
            rules={[{ max: IMPORT_CELL_MAX_CHARS, message: t('ERR_FIELD_TOO_LONG') }]}
          >
            <Input data-testid={`import-row-field-${index}`} />
          </Form.Item>
        ))}
      </Form>
    </>
  );
}

/** The dialog around a failed row's form: keeping the edit stores it on screen, nothing is sent yet. */
function RowEditor({
  line,
  cells,
  onSave,
  onClose,
}: {
  line: TFailedLine | null;
  cells: Record<string, string> | undefined;
  onSave: (line: number, cells: Record<string, string>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cells: string[] }>();
  return (
    <Modal
      open={line !== null}
      title={line ? t('IMPORT_EDIT_ROW_TITLE', { line: line.line }) : ''}
      onCancel={onClose}
      okText={t('IMPORT_EDIT_ROW_KEEP')}
      cancelText={t('CANCEL')}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'import-row-keep' }}
      destroyOnHidden
    >
      {line && <RowForm key={line.line} form={form} line={line} cells={cells} onSave={onSave} />}
    </Modal>
  );
}

/**
 * An import's failed rows, each with its error and an edit action; the edited rows wait on screen until "Retry
 * edited rows" sends them (`retryRows`). Long lists under the spec's pager.
 */
export function ImportFailedRows({ detail }: { detail: TImportDetail }) {
  const { t } = useTranslation();
  const retryRows = useRetryRows();
  const [edits, setEdits] = useState<TEdits>({});
  const [editing, setEditing] = useState<TFailedLine | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const failed = useMemo(
    () => detail.lines.filter((line): line is TFailedLine => line.state === 'ERROR' && line.cells !== undefined),
    [detail.lines],
  );

  useEffect(() => onCloseAllDialogs(() => setEditing(null)), []);

  if (failed.length === 0) return null;
  const edited = failed.filter((line) => edits[line.line] !== undefined);
  // A retry may leave fewer failed rows than the page shown had before it.
  const current = Math.min(page, Math.max(1, Math.ceil(failed.length / pageSize)));
  const shown = failed.slice((current - 1) * pageSize, current * pageSize);

  const send = async () => {
    try {
      await retryRows.mutateAsync({
        importId: detail.importId,
        rows: edited.map((line) => ({ line: line.line, cells: edits[line.line]! })),
      });
      setEdits({});
      notify.success('IMPORT_RETRIED');
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Card size="small" title={t('IMPORT_FAILED_ROWS', { count: failed.length })} data-testid="import-failed-rows">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={edited.length === 0}
          loading={retryRows.isPending}
          onClick={() => void send()}
          data-testid="import-retry-rows"
        >
          {t('IMPORT_RETRY_EDITED_ROWS', { count: edited.length })}
        </Button>
      </Space>
      <Table<TFailedLine>
        rowKey="line"
        size="small"
        dataSource={shown}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="import-failed-table"
        columns={[
          { title: t('IMPORT_LINE'), dataIndex: 'line', width: 80 },
          { title: t('IMPORT_RECEIVER'), dataIndex: 'receiver' },
          { title: t('IMPORT_COLUMN'), render: (_value, line) => line.column ?? line.field ?? '' },
          {
            title: t('IMPORT_ERROR'),
            render: (_value, line) => (
              <span data-testid={`import-failed-error-${line.line}`}>
                {line.errorKey ? fieldErrorText(line.errorKey, t) : ''}
              </span>
            ),
          },
          {
            title: '',
            render: (_value, line) => (
              <Space>
                {edits[line.line] && <Tag color="gold">{t('IMPORT_ROW_EDITED')}</Tag>}
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(line)}
                  data-testid={`import-row-edit-${line.line}`}
                >
                  {t('EDIT')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {failed.length > 10 && (
        <Pager
          page={current}
          pageSize={pageSize}
          total={failed.length}
          onChange={(nextPage, nextSize) => {
            setPage(nextPage);
            setPageSize(nextSize);
          }}
        />
      )}
      <RowEditor
        line={editing}
        cells={editing ? edits[editing.line] : undefined}
        onClose={() => setEditing(null)}
        onSave={(line, cells) => {
          setEdits((current) => ({ ...current, [line]: cells }));
          setEditing(null);
        }}
      />
    </Card>
  );
}
