import { Card, Checkbox, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/badges/badges.tsx';
import { FileField, type TFileValue } from '../../../components/form/file-field.tsx';
import { clearErrorsOnChange } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { AdminFormPage, FormButtons, useRecordId } from '../shared/admin-form-page.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { useAdminFormSave } from '../shared/use-admin-record.ts';
import { CertificateFacts } from './certificate-facts.tsx';
import { CERTIFICATE_SAVE, useCertificate } from './use-certificates.ts';

type TCertificateFields = {
  name: string;
  alias?: string;
  content?: TFileValue;
  privateKey?: TFileValue;
  password?: string;
  active: boolean;
};
const FIELDS = ['name', 'alias', 'content', 'privateKey', 'password', 'active'];
const CERTIFICATE_FILES = '.p12,.pfx,.pem,.crt,.cer';
const KEY_FILES = '.pem,.key';

export default function CertificateFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const editing = id !== undefined;
  const { chosenDomainId } = useAdminDomain();
  const certificate = useCertificate(id);
  const [form] = Form.useForm<TCertificateFields>();
  const draft = useFormDraft(form, { exclude: ['content', 'privateKey'] });
  const { save, saving } = useAdminFormSave('certificates', {
    form,
    fields: FIELDS,
    id,
    domainid: chosenDomainId,
    draft,
    calls: CERTIFICATE_SAVE,
  });

  const submit = (values: TCertificateFields) =>
    save({
      name: values.name,
      alias: values.alias || undefined,
      content: values.content?.dataUrl,
      privateKey: values.privateKey?.dataUrl,
      password: values.password || undefined,
      active: values.active,
    });

  const detail = certificate.data;
  return (
    <AdminFormPage
      kind="certificates"
      editing={editing}
      loading={editing && !detail}
      extra={
        detail && (
          <Card title={t('CERT_DETAILS')} className="page-card">
            <CertificateFacts certificate={detail} />
            {detail.chain.length > 1 && (
              <>
                <Typography.Title level={5} className="cert-chain-title">
                  {t('CERT_CHAIN')}
                </Typography.Title>
                <List
                  size="small"
                  bordered
                  dataSource={detail.chain}
                  renderItem={(entry) => (
                    <List.Item>
                      <List.Item.Meta
                        title={entry.subject}
                        description={`${t('CERT_ISSUER')}: ${entry.issuer} · ${formatDate(entry.validFrom)} – ${formatDate(entry.validTo)}`}
                      />
                    </List.Item>
                  )}
                  data-testid="cert-chain"
                />
              </>
            )}
          </Card>
        )
      }
    >
      <Form<TCertificateFields>
        form={form}
        name="certificate"
        layout="vertical"
        initialValues={
          detail ? { name: detail.name, alias: detail.alias ?? '', active: detail.active } : { active: true }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form"
        data-testid="certificate-form"
      >
        {draft.offer}
        <Form.Item name="name" label={t('CERT_NAME')} required>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
        <Form.Item name="alias" label={t('CERT_ALIAS')}>
          <Input maxLength={100} data-testid="field-alias" />
        </Form.Item>
        <Form.Item
          name="content"
          label={editing ? t('CERT_FILE_RENEW') : t('CERT_FILE')}
          required={!editing}
          extra={t('CERT_FILE_HINT')}
        >
          <FileField accept={CERTIFICATE_FILES} data-testid="field-content" />
        </Form.Item>
        <Form.Item name="privateKey" label={t('CERT_PRIVATE_KEY')} extra={t('CERT_PRIVATE_KEY_HINT')}>
          <FileField accept={KEY_FILES} data-testid="field-privateKey" />
        </Form.Item>
        <Form.Item name="password" label={t('CERT_PASSWORD')} extra={t('CERT_PASSWORD_HINT')}>
          <Input.Password maxLength={200} autoComplete="new-password" data-testid="field-password" />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox data-testid="field-active">{t('ADMIN_ACTIVE')}</Checkbox>
        </Form.Item>
        <FormButtons saving={saving} kind="certificates" />
      </Form>
    </AdminFormPage>
  );
}
