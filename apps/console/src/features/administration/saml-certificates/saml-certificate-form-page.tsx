import { Card, Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileField, type TFileValue } from '../../../components/form/file-field.tsx';
import { clearErrorsOnChange } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { CertificateFacts } from '../certificates/certificate-facts.tsx';
import { AdminFormPage, FormButtons, useRecordId } from '../shared/admin-form-page.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { useAdminFormSave } from '../shared/use-admin-record.ts';
import { SAML_CERTIFICATE_SAVE, useSamlCertificate } from './use-saml-certificates.ts';

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
  const [form] = Form.useForm<TSamlFields>();
  const draft = useFormDraft(form, { exclude: ['contentFile', 'content'] });
  const { save, saving } = useAdminFormSave('samlcertificates', {
    form,
    fields: FIELDS,
    id,
    domainid: chosenDomainId,
    draft,
    calls: SAML_CERTIFICATE_SAVE,
  });

  const submit = (values: TSamlFields) => {
    // A chosen file wins over pasted text.
    const content = values.contentFile?.dataUrl ?? (values.content?.trim() || undefined);
    return save({ name: values.name, entityId: values.entityId, content, active: values.active });
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
        <FormButtons saving={saving} kind="samlcertificates" />
      </Form>
    </AdminFormPage>
  );
}
