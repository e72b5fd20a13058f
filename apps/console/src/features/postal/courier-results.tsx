import { UploadOutlined } from '@ant-design/icons';
import { COURIER_RESULTS, COURIER_RESULTS_MAX_BYTES, ZCourierResultRequest } from '@sello/contracts/catalogue/postal';
import { Alert, Button, Card, Form, Input, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { ApiCallError, notifyFailure } from '../../api/http-client.ts';
import { FileField, readAsDataUrl, type TFileValue } from '../../components/form/file-field.tsx';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../components/form/form-errors.ts';
import { ImportFailures, importFileErrorText, type TImportFailure } from '../../components/form/import-failures.tsx';
import { useEnterResult, useImportResults } from './use-postal.ts';

type TResultForm = { reference?: string; result?: string; date?: string; courierRef?: string; proof?: TFileValue };

const FORM_FIELDS = ['reference', 'result', 'date', 'courierRef', 'proof'] as const;
const PROOF_ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.gif,.webp,application/pdf,image/*';

const today = () => new Date().toISOString().slice(0, 10);

/** One letter's result typed in, with the signed receipt attached. */
function SingleResult() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TResultForm>();
  const enter = useEnterResult();

  const submit = async (values: TResultForm) => {
    const candidate = {
      reference: values.reference?.trim() ?? '',
      result: values.result,
      date: values.date,
      courierRef: values.courierRef ?? '',
      ...(values.proof && { proof: { name: values.proof.name, data: values.proof.dataUrl } }),
    };
    const request = parseForForm(ZCourierResultRequest, candidate, form, t);
    if (!request) return;
    try {
      const answer = await enter.mutateAsync(request);
      notify.success('POSTAL_RESULT_SAVED', {
        params: { state: t(`SHIPPING_STATE_${answer.shippingState}`) },
      });
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiCallError && error.key === 'ERR_TRANSITION_NOT_ALLOWED') {
        form.setFields([{ name: 'reference', errors: [t('ERR_TRANSITION_NOT_ALLOWED', error.body?.params ?? {})] }]);
        return;
      }
      showServerErrors(error, form, t, FORM_FIELDS);
    }
  };

  return (
    <Card title={t('POSTAL_SINGLE_RESULT')} size="small" className="postal-card">
      <Form<TResultForm>
        form={form}
        layout="vertical"
        initialValues={{ result: 'delivered', date: today() }}
        onFinish={(values) => void submit(values)}
        onValuesChange={clearErrorsOnChange(form)}
        data-testid="postal-result-form"
      >
        <Form.Item name="reference" label={t('POSTAL_REFERENCE')} required>
          <Input data-testid="postal-result-reference" autoComplete="off" />
        </Form.Item>
        <Form.Item name="result" label={t('POSTAL_RESULT')} required>
          <Select
            data-testid="postal-result-result"
            options={COURIER_RESULTS.map((value) => ({ value, label: t(`POSTAL_RESULT_${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="date" label={t('POSTAL_RESULT_DATE')} required>
          <Input type="date" max={today()} data-testid="postal-result-date" />
        </Form.Item>
        <Form.Item name="courierRef" label={t('POSTAL_COURIER_REF')} required>
          <Input maxLength={100} data-testid="postal-result-courier-ref" />
        </Form.Item>
        <Form.Item name="proof" label={t('POSTAL_PROOF')}>
          <FileField accept={PROOF_ACCEPT} data-testid="postal-result-proof" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={enter.isPending} data-testid="postal-result-submit">
          {t('POSTAL_SAVE_RESULT')}
        </Button>
      </Form>
    </Card>
  );
}

/** A courier's CSV: every row applied or none, with the bad rows listed by line. */
function ImportResults() {
  const { t } = useTranslation();
  const importResults = useImportResults();
  const [failed, setFailed] = useState<TImportFailure[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailed(null);
    setFileError(null);
    if (file.size > COURIER_RESULTS_MAX_BYTES) {
      setFileError(t('ERR_MAX_FILE_SIZE', { size: Math.round(COURIER_RESULTS_MAX_BYTES / 1024) }));
      return;
    }
    try {
      const answer = await importResults.mutateAsync(await readAsDataUrl(file));
      if (answer.failed.length > 0) setFailed(answer.failed);
      else notify.success('POSTAL_IMPORT_APPLIED', { params: { count: answer.applied } });
    } catch (error) {
      const text = importFileErrorText(error, t);
      if (text) setFileError(text);
      else notifyFailure(error);
    }
  };

  return (
    <Card title={t('POSTAL_IMPORT')} size="small" className="postal-card">
      <Typography.Paragraph>{t('POSTAL_IMPORT_HELP')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        <code>reference,result,date,courierRef</code>
      </Typography.Paragraph>
      <Upload
        accept=".csv,.xlsx,text/csv"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={importResults.isPending} data-testid="postal-import-upload">
          {t('POSTAL_IMPORT_CHOOSE')}
        </Button>
      </Upload>
      {fileError && (
        <Alert type="error" showIcon title={fileError} className="admin-alert" data-testid="postal-import-error" />
      )}
      {failed && (
        <ImportFailures failed={failed} title={t('POSTAL_IMPORT_FAILED')} data-testid="postal-import-report" />
      )}
    </Card>
  );
}

export function CourierResults() {
  return (
    <div className="postal-results">
      <SingleResult />
      <ImportResults />
    </div>
  );
}
