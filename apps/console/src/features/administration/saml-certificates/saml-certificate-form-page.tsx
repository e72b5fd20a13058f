import {
  ZSamlCertificateInput,
  ZSamlCertificateUpdate,
} from '@sello/contracts/catalogue/administration-saml-certificates';
import { Card, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { FileField, type TFileValue } from '../../../components/form/file-field.tsx';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { CertificateFacts } from '../certificates/certificate-facts.tsx';
import { AdminFormPage, FormButtons, useBackToList, useRecordId } from '../shared/admin-form-page.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { useSamlCertificate, useSaveSamlCertificate } from './use-saml-certificates.ts';

type TSamlFields = {
  name: string;
  entityId: string;
  content?: string;
  contentFile?: TFileValue;
  active: boolean;
};
const FIELDS = ['name', 'entityId', 'content', 'active'];

export default function SamlCertificateFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const editing = id !== undefined;
  const { chosenDomainId } = useAdminDomain();
  const certificate = useSamlCertificate(id);
  const save = useSaveSamlCertificate();
  const back = useBackToList('samlcertificates');
  const [form] = Form.useForm<TSamlFields>();
  const draft = useFormDraft(form, { exclude: ['contentFile', 'content'] });

  const submit = async (values: TSamlFields) => {
    // A chosen file wins over pasted text.
    const content = values.contentFile?.dataUrl ?? (values.content?.trim() || undefined);
    const body = { name: values.name, entityId: values.entityId, content, active: values.active };
    const input = editing
      ? parseForForm(ZSamlCertificateUpdate, { ...body, id }, form, t)
      : parseForForm(ZSamlCertificateInput, body, form, t);
    if (!input) return;
    try {
      await save.mutateAsync({ id, domainid: chosenDomainId, input });
      void draft.discard();
      notify.success('ADMIN_SAVED_OK', { persistent: true });
      back();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    }
  };

  const detail = certificate.data;
  return (
    <AdminFormPage
      kind="samlcertificates"
      editing={editing}
      loading={editing && !detail}
      extra={
        detail && (
          <Card title={t('CERT_DETAILS')} className="page-card">
            <CertificateFacts certificate={detail} />
            <Typography.Title level={5} className="cert-chain-title">
              {t('SAML_PEM')}
            </Typography.Title>
            <pre className="cert-pem" data-testid="saml-pem">
              {detail.certificatePem}
            </pre>
          </Card>
        )
      }
    >
      <Form<TSamlFields>
        form={form}
        name="samlCertificate"
        layout="vertical"
        initialValues={
          detail ? { name: detail.name, entityId: detail.entityId, active: detail.active } : { active: true }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form"
        data-testid="saml-certificate-form"
      >
        {draft.offer}
        <Form.Item name="name" label={t('CERT_NAME')} required>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
        <Form.Item name="entityId" label={t('SAML_ENTITY_ID')} required extra={t('SAML_ENTITY_ID_HINT')}>
          <Input maxLength={500} data-testid="field-entityId" />
        </Form.Item>
        <Form.Item
          name="content"
          label={editing ? t('SAML_CERTIFICATE_RENEW') : t('SAML_CERTIFICATE')}
          required={!editing}
          extra={t('SAML_CERTIFICATE_HINT')}
        >
          <Input.TextArea
            rows={6}
            className="cert-pem-input"
            placeholder="-----BEGIN CERTIFICATE-----"
            data-testid="field-content"
          />
        </Form.Item>
        <Form.Item name="contentFile" label={t('SAML_CERTIFICATE_FILE')}>
          <FileField accept=".pem,.crt,.cer,.der" data-testid="field-contentFile" />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox data-testid="field-active">{t('ADMIN_ACTIVE')}</Checkbox>
        </Form.Item>
        <FormButtons saving={save.isPending} kind="samlcertificates" />
      </Form>
    </AdminFormPage>
  );
}
