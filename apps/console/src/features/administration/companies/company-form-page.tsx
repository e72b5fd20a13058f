import { ZCompanyInput } from '@sello/contracts/catalogue/administration-companies';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { ApiKeysSection } from '../api-keys/api-keys-section.tsx';
import { AdminFormPage, FormButtons, useBackToList, useRecordId } from '../shared/admin-form-page.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { WebhooksSection } from '../webhooks/webhooks-section.tsx';
import { useCompany, useSaveCompany } from './use-companies.ts';

type TCompanyFields = {
  name: string;
  taxId: string;
  vatNumber?: string;
  email?: string;
  ccEmails?: string;
  active: boolean;
  smsUcs2Allowed: boolean;
};
const FIELDS = ['name', 'taxId', 'vatNumber', 'email', 'ccEmails', 'active', 'smsUcs2Allowed'];

export default function CompanyFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const { chosenDomainId } = useAdminDomain();
  const company = useCompany(id);
  const save = useSaveCompany();
  const back = useBackToList('companies');
  const [form] = Form.useForm<TCompanyFields>();
  const draft = useFormDraft(form);

  const submit = async (values: TCompanyFields) => {
    const input = parseForForm(ZCompanyInput, values, form, t);
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

  return (
    <AdminFormPage
      kind="companies"
      editing={id !== undefined}
      loading={id !== undefined && !company.data}
      extra={
        id !== undefined && (
          <>
            <ApiKeysSection companyId={id} />
            <WebhooksSection companyId={id} />
          </>
        )
      }
    >
      <Form<TCompanyFields>
        form={form}
        name="company"
        layout="vertical"
        initialValues={
          company.data
            ? {
                name: company.data.name,
                taxId: company.data.taxId,
                vatNumber: company.data.vatNumber ?? '',
                email: company.data.email ?? '',
                ccEmails: company.data.ccEmails ?? '',
                active: company.data.active,
                smsUcs2Allowed: company.data.smsUcs2Allowed,
              }
            : { active: true, smsUcs2Allowed: true }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form"
        data-testid="company-form"
      >
        {draft.offer}
        <Form.Item name="name" label={t('COMPANY_NAME')} required>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
        <Form.Item name="taxId" label={t('COMPANY_TAX_ID')} required extra={t('COMPANY_TAX_ID_HINT')}>
          <Input maxLength={20} data-testid="field-taxId" />
        </Form.Item>
        <Form.Item name="vatNumber" label={t('COMPANY_VAT')} extra={t('COMPANY_VAT_HINT')}>
          <Input maxLength={20} data-testid="field-vatNumber" />
        </Form.Item>
        <Form.Item name="email" label={t('COMPANY_EMAIL')}>
          <Input maxLength={200} data-testid="field-email" />
        </Form.Item>
        <Form.Item name="ccEmails" label={t('COMPANY_CC_EMAILS')} extra={t('COMPANY_CC_EMAILS_HINT')}>
          <Input maxLength={1000} data-testid="field-ccEmails" />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox data-testid="field-active">{t('ADMIN_ACTIVE')}</Checkbox>
        </Form.Item>
        <Form.Item name="smsUcs2Allowed" valuePropName="checked" extra={t('COMPANY_SMS_UCS2_HINT')}>
          <Checkbox data-testid="field-smsUcs2Allowed">{t('COMPANY_SMS_UCS2')}</Checkbox>
        </Form.Item>
        <FormButtons saving={save.isPending} kind="companies" />
      </Form>
    </AdminFormPage>
  );
}
