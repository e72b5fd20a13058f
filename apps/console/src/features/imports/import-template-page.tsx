import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { importsApi } from '@sello/contracts/catalogue/imports';
import { templatesApi } from '@sello/contracts/catalogue/templates';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, notifyFailure } from '../../api/http-client.ts';
import { importFileErrorText } from '../../components/form/import-failures.tsx';
import { ImportResult } from './import-result.tsx';
import { useImportCompanies, useImportProgress, useImportTemplates, useImportTypes } from './use-imports.ts';

const RECEIVER_COLUMNS = ['name', 'email', 'mobile'] as const;

/** The `{{variables}}` of a template's subject and body. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1]!))];
}

/** `/shippings/import/template`: one row per receiver, whose cells fill the chosen template's variables. */
export default function ImportTemplatePage() {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number>();
  const [typeId, setTypeId] = useState<number>();
  const [channel, setChannel] = useState<string>();
  const [templateId, setTemplateId] = useState<number>();
  const [description, setDescription] = useState('');
  const [rows, setRows] = useState<Record<string, string>[]>([{}]);
  const [error, setError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const companies = useImportCompanies();
  const types = useImportTypes(companyId);
  const type = types.data?.find((entry) => entry.value === typeId);
  const templates = useImportTemplates(companyId);
  const template = useQuery({
    queryKey: ['imports', 'template', templateId],
    queryFn: () => callEndpoint(templatesApi.detail, { query: { templateSelected: templateId as number } }),
    enabled: templateId !== undefined,
  });
  const variables = template.data
    ? templateVariables(`${template.data.subject ?? ''} ${template.data.content}`).filter((name) => name !== 'company')
    : [];
  const progress = useImportProgress(importId);
  const columns = [...RECEIVER_COLUMNS, ...variables];

  const setCell = (index: number, column: string, value: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [column]: value } : row)));

  const submit = async () => {
    if (companyId === undefined || typeId === undefined || templateId === undefined || !channel) return;
    setBusy(true);
    setError(null);
    try {
      const data = JSON.stringify({
        typeId,
        templateId,
        channel,
        rows: rows.filter((row) => Object.values(row).some(Boolean)),
      });
      const detail = await callEndpoint(importsApi.importWithTemplate, {
        body: { companyId, data, ...(description && { description }) },
      });
      setImportId(detail.importId);
    } catch (caught) {
      const text = importFileErrorText(caught, t);
      if (text) setError(text);
      else notifyFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="import-template-page">
      <Typography.Title level={2}>{t('IMPORT_TEMPLATE_TITLE')}</Typography.Title>
      <Card>
        <Form layout="vertical">
          <Space wrap size="large">
            <Form.Item label={t('IMPORT_COMPANY')} htmlFor="import-company" required>
              <Select
                style={{ width: 240 }}
                id="import-company"
                data-testid="import-company"
                value={companyId}
                options={(companies.data ?? []).map((company) => ({ value: company.value, label: company.text }))}
                onChange={(value: number) => {
                  setCompanyId(value);
                  setTypeId(undefined);
                  setTemplateId(undefined);
                }}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_TYPE')} htmlFor="import-type" required>
              <Select
                style={{ width: 240 }}
                id="import-type"
                data-testid="import-type"
                value={typeId}
                options={(types.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
                onChange={(value: number) => {
                  setTypeId(value);
                  setChannel(types.data?.find((entry) => entry.value === value)?.channels?.[0]);
                }}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_CHANNEL')} htmlFor="import-channel" required>
              <Select
                style={{ width: 160 }}
                value={channel}
                id="import-channel"
                data-testid="import-channel"
                options={(type?.channels ?? []).map((value) => ({ value, label: t(`IMPORT_CHANNEL_${value}`) }))}
                onChange={setChannel}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_TEMPLATE')} htmlFor="import-template" required>
              <Select
                style={{ width: 240 }}
                id="import-template"
                data-testid="import-template"
                value={templateId}
                showSearch={{ optionFilterProp: 'label' }}
                options={(templates.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
                onChange={setTemplateId}
              />
            </Form.Item>
            <Form.Item label={t('IMPORT_DESCRIPTION')} htmlFor="import-description">
              <Input
                id="import-description"
                style={{ width: 240 }}
                maxLength={200}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            </Form.Item>
          </Space>
          {templateId !== undefined && (
            <>
              <Typography.Paragraph type="secondary">{t('IMPORT_TEMPLATE_HELP')}</Typography.Paragraph>
              <Table
                size="small"
                pagination={false}
                rowKey={(_row, index) => String(index)}
                dataSource={rows}
                data-testid="import-template-rows"
                columns={[
                  ...columns.map((column) => ({
                    title: (RECEIVER_COLUMNS as readonly string[]).includes(column)
                      ? t(`IMPORT_FIELD_${column}`)
                      : column,
                    key: column,
                    render: (_value: unknown, row: Record<string, string>, index: number) => (
                      <Input
                        value={row[column] ?? ''}
                        aria-label={`${column} ${index + 1}`}
                        onChange={(event) => setCell(index, column, event.target.value)}
                      />
                    ),
                  })),
                  {
                    title: '',
                    key: 'remove',
                    render: (_value: unknown, _row: Record<string, string>, index: number) => (
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('IMPORT_REMOVE_ROW')}
                        onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
                      />
                    ),
                  },
                ]}
              />
              <Button
                icon={<PlusOutlined />}
                style={{ margin: '8px 0' }}
                onClick={() => setRows((current) => [...current, {}])}
                data-testid="import-add-row"
              >
                {t('IMPORT_ADD_ROW')}
              </Button>
            </>
          )}
          {error && <Alert type="error" showIcon title={error} />}
          <div>
            <Button
              type="primary"
              loading={busy}
              disabled={templateId === undefined || !channel}
              onClick={() => void submit()}
              data-testid="import-check"
            >
              {t('IMPORT_CHECK')}
            </Button>
          </div>
        </Form>
      </Card>
      {progress.data && <ImportResult detail={progress.data} />}
    </Space>
  );
}
