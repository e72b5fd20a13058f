import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CUSTOM_LOGO_MAX_KB,
  type TDomainDetail,
  ZDomainInput,
} from '@sello/contracts/catalogue/administration-domains';
import { TWO_FACTOR_COOL_DOWN_HOURS } from '@sello/contracts/constants';
import { DOMAIN_TYPES, type DomainType } from '@sello/contracts/enums';
import { type TTwoFactorRequirement, ZTwoFactorRequirement } from '@sello/contracts/two-factor';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { ApiCallError } from '../../../api/http-client.ts';
import { readAsDataUrl } from '../../../components/form/file-field.tsx';
import {
  clearErrorsOnChange,
  fieldErrorText,
  parseForForm,
  showServerErrors,
} from '../../../components/form/form-errors.ts';
import { useFormDraft } from '../../../components/form/use-form-draft.tsx';
import { useSession } from '../../../session/use-session.ts';
import { AdminFormPage, FormButtons, useBackToList, useRecordId } from '../shared/admin-form-page.tsx';
import { DomainPickerCard } from './domain-picker-card.tsx';
import { DOMAIN_TEMPLATE_TABS, DomainTemplatesTab } from './domain-templates-tab.tsx';
import { domainTypeLabelKey } from './domains-list.tsx';
import { useDomain, useDomainTypesDocument, useSaveDomain, useUpdateDomainTypesDocument } from './use-domains.ts';

type TDomainFields = {
  code: string;
  name: string;
  description?: string;
  domainType: DomainType;
  active: boolean;
  twoFactorCoolDownHours: number;
  twoFactorRequired: TTwoFactorRequirement;
  passwordMaxAgeDays: number | null;
};
const FIELDS = [
  'code',
  'name',
  'description',
  'domainType',
  'active',
  'twoFactorCoolDownHours',
  'twoFactorRequired',
  'passwordMaxAgeDays',
  'customLogo',
];
const LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

function toFields(domain: TDomainDetail): TDomainFields {
  return {
    code: domain.code,
    name: domain.name,
    description: domain.description ?? '',
    domainType: domain.domainType,
    active: domain.active,
    twoFactorCoolDownHours: domain.twoFactorCoolDownHours,
    twoFactorRequired: domain.twoFactorRequired,
    passwordMaxAgeDays: domain.passwordMaxAgeDays,
  };
}

export default function DomainFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const editing = id !== undefined;
  const { superAdmin } = useSession();
  const domain = useDomain(id);
  const save = useSaveDomain();
  const documentTypes = useDomainTypesDocument(id);
  const saveDocumentTypes = useUpdateDomainTypesDocument(id);
  const back = useBackToList('domains');
  const [form] = Form.useForm<TDomainFields>();
  const draft = useFormDraft(form, { exclude: ['customLogo'] });
  /** A new logo (data URL), null to remove it, undefined to keep it. */
  const [logo, setLogo] = useState<string | null | undefined>();
  const shownLogo = logo === undefined ? domain.data?.customLogo : logo;
  const [logoError, setLogoError] = useState<string | undefined>();

  const submit = async (values: TDomainFields) => {
    const input = parseForForm(ZDomainInput, { ...values, ...(logo !== undefined && { customLogo: logo }) }, form, t);
    if (!input) return;
    try {
      await save.mutateAsync({ id, input });
      void draft.discard();
      notify.success('ADMIN_SAVED_OK', { persistent: true });
      back();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
      const logoKey = error instanceof ApiCallError ? error.fields.customLogo : undefined;
      if (logoKey) setLogoError(fieldErrorText(logoKey, t));
    }
  };

  const chooseLogo = async (file: File) => {
    if (file.size > CUSTOM_LOGO_MAX_KB * 1024) {
      setLogoError(t('ERR_MAX_FILE_SIZE', { size: CUSTOM_LOGO_MAX_KB }));
      return;
    }
    setLogoError(undefined);
    setLogo(await readAsDataUrl(file));
  };

  return (
    <AdminFormPage
      kind="domains"
      editing={editing}
      loading={editing && !domain.data}
      extra={
        editing && (
          <Tabs
            className="domain-document-tabs"
            data-testid="domain-document-tabs"
            items={[
              {
                key: 'DOCUMENTS',
                label: <span data-testid="domain-tab-DOCUMENTS">{t('DOMAIN_TAB_DOCUMENTS')}</span>,
                children: (
                  <DomainPickerCard
                    title={t('DOMAIN_DOCUMENT_TYPES')}
                    hint={t('DOMAIN_DOCUMENT_TYPES_HINT')}
                    lists={documentTypes}
                    save={saveDocumentTypes}
                    savedKey="DOMAIN_DOCUMENT_TYPES_SAVED"
                    testId="domain-types"
                  />
                ),
              },
              ...DOMAIN_TEMPLATE_TABS.map(({ tab, kind }) => ({
                key: tab,
                label: <span data-testid={`domain-tab-${tab}`}>{t(`DOMAIN_TAB_${tab}`)}</span>,
                children: <DomainTemplatesTab domainId={id} kind={kind} tab={tab} />,
              })),
            ]}
          />
        )
      }
    >
      <Form<TDomainFields>
        form={form}
        name="domain"
        layout="vertical"
        initialValues={
          domain.data
            ? toFields(domain.data)
            : {
                domainType: 'ENTERPRISE',
                active: true,
                twoFactorCoolDownHours: TWO_FACTOR_COOL_DOWN_HOURS.default,
                twoFactorRequired: 'off',
                passwordMaxAgeDays: null,
              }
        }
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        className="admin-form admin-form-wide"
        data-testid="domain-form"
      >
        {draft.offer}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="code" label={t('DOMAIN_CODE')} required extra={t('DOMAIN_CODE_HINT')}>
              {/* A domain's identity, kind and state are the provider's (super admin) to change. */}
              <Input maxLength={30} disabled={!superAdmin} data-testid="field-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('DOMAIN_NAME')} required>
              <Input maxLength={200} data-testid="field-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('DOMAIN_DESCRIPTION')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="field-description" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="domainType" label={t('DOMAIN_TYPE')} required>
              <Select<DomainType>
                disabled={!superAdmin}
                options={DOMAIN_TYPES.map((type) => ({ value: type, label: t(domainTypeLabelKey(type)) }))}
                data-testid="field-domainType"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="twoFactorCoolDownHours"
              label={t('DOMAIN_TWO_FACTOR_COOL_DOWN')}
              required
              extra={t('DOMAIN_TWO_FACTOR_COOL_DOWN_HINT', {
                min: TWO_FACTOR_COOL_DOWN_HOURS.min,
                max: TWO_FACTOR_COOL_DOWN_HOURS.max,
                default: TWO_FACTOR_COOL_DOWN_HOURS.default,
              })}
            >
              <InputNumber
                min={TWO_FACTOR_COOL_DOWN_HOURS.min}
                max={TWO_FACTOR_COOL_DOWN_HOURS.max}
                precision={0}
                suffix={t('DOMAIN_HOURS_UNIT')}
                data-testid="field-twoFactorCoolDownHours"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="twoFactorRequired" label={t('DOMAIN_TWO_FACTOR_REQUIRED')} required>
          <Select<TTwoFactorRequirement>
            options={ZTwoFactorRequirement.options.map((value) => ({
              value,
              label: t(`DOMAIN_TWO_FACTOR_REQUIRED_${value}`),
            }))}
            style={{ maxWidth: 360 }}
            data-testid="field-twoFactorRequired"
          />
        </Form.Item>
        <Form.Item
          name="passwordMaxAgeDays"
          label={t('DOMAIN_PASSWORD_MAX_AGE')}
          extra={t('DOMAIN_PASSWORD_MAX_AGE_HINT')}
        >
          <InputNumber min={1} max={3650} precision={0} data-testid="field-passwordMaxAgeDays" />
        </Form.Item>
        <Form.Item
          label={t('DOMAIN_LOGO')}
          extra={t('DOMAIN_LOGO_HINT', { size: CUSTOM_LOGO_MAX_KB })}
          validateStatus={logoError ? 'error' : undefined}
          help={logoError}
        >
          <Space align="center" wrap>
            {shownLogo ? (
              <img src={shownLogo} alt={t('DOMAIN_LOGO')} className="domain-logo-preview" data-testid="domain-logo" />
            ) : (
              <span className="domain-logo-none">{t('DOMAIN_LOGO_NONE')}</span>
            )}
            <Upload
              accept={LOGO_TYPES}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void chooseLogo(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="field-customLogo">
                {t('DOMAIN_LOGO_CHOOSE')}
              </Button>
            </Upload>
            {shownLogo && (
              <Button icon={<DeleteOutlined />} onClick={() => setLogo(null)} data-testid="domain-logo-remove">
                {t('DOMAIN_LOGO_REMOVE')}
              </Button>
            )}
          </Space>
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox disabled={!superAdmin} data-testid="field-active">
            {t('ADMIN_ACTIVE')}
          </Checkbox>
        </Form.Item>
        <FormButtons saving={save.isPending} kind="domains" />
      </Form>
    </AdminFormPage>
  );
}
