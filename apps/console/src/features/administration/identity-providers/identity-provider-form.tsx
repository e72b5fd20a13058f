import {
  type TIdentityProvider,
  type TIdentityProviderKind,
  ZIdentityProviderInput,
  ZIdentityProviderUpdate,
} from '@sello/contracts/catalogue/administration-identity-providers';
import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useSamlCertificateChoices, useSaveIdentityProvider } from './use-identity-providers.ts';

type TFields = {
  kind: TIdentityProviderKind;
  name: string;
  emailDomains: string[];
  trustIdpSecondFactor: boolean;
  active: boolean;
  samlEntityId?: string;
  samlSsoUrl?: string;
  samlCertificateId?: number | null;
  samlUserAttribute?: string;
  samlAllowIdpInitiated?: boolean;
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
};
const FIELDS = [
  'kind',
  'name',
  'emailDomains',
  'trustIdpSecondFactor',
  'active',
  'samlEntityId',
  'samlSsoUrl',
  'samlCertificateId',
  'samlUserAttribute',
  'samlAllowIdpInitiated',
  'oidcIssuer',
  'oidcClientId',
  'oidcClientSecret',
];

function initialValues(provider: TIdentityProvider | null): TFields {
  if (!provider) {
    return {
      kind: 'oidc',
      name: '',
      emailDomains: [],
      trustIdpSecondFactor: false,
      active: true,
      samlAllowIdpInitiated: false,
    };
  }
  return {
    kind: provider.kind,
    name: provider.name,
    emailDomains: provider.emailDomains,
    trustIdpSecondFactor: provider.trustIdpSecondFactor,
    active: provider.active,
    samlEntityId: provider.samlEntityId ?? '',
    samlSsoUrl: provider.samlSsoUrl ?? '',
    samlCertificateId: provider.samlCertificateId,
    samlUserAttribute: provider.samlUserAttribute ?? '',
    samlAllowIdpInitiated: provider.samlAllowIdpInitiated,
    oidcIssuer: provider.oidcIssuer ?? '',
    oidcClientId: provider.oidcClientId ?? '',
    oidcClientSecret: '',
  };
}

/** The create and edit dialog of an identity provider; the client secret is write-only (empty keeps it). */
export function IdentityProviderForm({
  provider,
  domainid,
  onClose,
}: {
  provider: TIdentityProvider | null;
  domainid: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFields>();
  const kind = Form.useWatch('kind', form) ?? provider?.kind ?? 'oidc';
  const save = useSaveIdentityProvider();
  const certificates = useSamlCertificateChoices(domainid, kind === 'saml');

  const submit = async () => {
    const values = { ...initialValues(provider), ...form.getFieldsValue(true) } as TFields;
    const input = provider
      ? parseForForm(ZIdentityProviderUpdate, { ...values, id: provider.id }, form, t)
      : parseForForm(ZIdentityProviderInput, values, form, t);
    if (!input) return;
    try {
      await save.mutateAsync({ id: provider?.id, domainid, input });
      notify.success('ADMIN_SAVED_OK');
      onClose();
    } catch (error) {
      showServerErrors(error, form, t, FIELDS);
    }
  };

  return (
    <Modal
      open
      title={t(provider ? 'IDP_EDIT' : 'IDP_NEW')}
      okText={t('SAVE')}
      cancelText={t('CANCEL')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'idp-save' } as Record<string, string>}
      destroyOnHidden
      width={640}
    >
      <Form<TFields>
        form={form}
        layout="vertical"
        initialValues={initialValues(provider)}
        onValuesChange={clearErrorsOnChange(form)}
        data-testid="idp-form"
      >
        <Form.Item name="kind" label={t('IDP_KIND')}>
          <Radio.Group
            options={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
            data-testid="idp-kind"
          />
        </Form.Item>
        <Form.Item name="name" label={t('CERT_NAME')} required>
          <Input maxLength={200} data-testid="idp-name" />
        </Form.Item>
        <Form.Item name="emailDomains" label={t('IDP_EMAIL_DOMAINS')} required extra={t('IDP_EMAIL_DOMAINS_HINT')}>
          <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} data-testid="idp-emailDomains" />
        </Form.Item>
        {kind === 'oidc' ? (
          <>
            <Form.Item name="oidcIssuer" label={t('IDP_OIDC_ISSUER')} required extra={t('IDP_OIDC_ISSUER_HINT')}>
              <Input maxLength={500} placeholder="https://login.example.com" data-testid="idp-oidcIssuer" />
            </Form.Item>
            <Form.Item name="oidcClientId" label={t('IDP_OIDC_CLIENT_ID')} required>
              <Input maxLength={500} data-testid="idp-oidcClientId" />
            </Form.Item>
            <Form.Item
              name="oidcClientSecret"
              label={t('IDP_OIDC_CLIENT_SECRET')}
              required={!provider?.oidcClientSecretSet}
              extra={provider?.oidcClientSecretSet ? t('IDP_OIDC_CLIENT_SECRET_KEEP') : undefined}
            >
              <Input.Password maxLength={2000} autoComplete="new-password" data-testid="idp-oidcClientSecret" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="samlEntityId" label={t('SAML_ENTITY_ID')} required extra={t('SAML_ENTITY_ID_HINT')}>
              <Input maxLength={500} data-testid="idp-samlEntityId" />
            </Form.Item>
            <Form.Item name="samlSsoUrl" label={t('IDP_SAML_SSO_URL')} required>
              <Input maxLength={500} placeholder="https://idp.example.com/sso" data-testid="idp-samlSsoUrl" />
            </Form.Item>
            <Form.Item name="samlCertificateId" label={t('IDP_SAML_CERTIFICATE')} required>
              <Select
                loading={certificates.isLoading}
                options={(certificates.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }))}
                data-testid="idp-samlCertificateId"
              />
            </Form.Item>
            <Form.Item
              name="samlUserAttribute"
              label={t('IDP_SAML_USER_ATTRIBUTE')}
              extra={t('IDP_SAML_USER_ATTRIBUTE_HINT')}
            >
              <Input maxLength={200} data-testid="idp-samlUserAttribute" />
            </Form.Item>
            <Form.Item
              name="samlAllowIdpInitiated"
              valuePropName="checked"
              extra={t('IDP_SAML_ALLOW_IDP_INITIATED_HINT')}
            >
              <Checkbox data-testid="idp-samlAllowIdpInitiated">{t('IDP_SAML_ALLOW_IDP_INITIATED')}</Checkbox>
            </Form.Item>
          </>
        )}
        <Form.Item name="trustIdpSecondFactor" valuePropName="checked" extra={t('IDP_TRUST_SECOND_FACTOR_HINT')}>
          <Checkbox data-testid="idp-trustIdpSecondFactor">{t('IDP_TRUST_SECOND_FACTOR')}</Checkbox>
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox data-testid="idp-active">{t('ADMIN_ACTIVE')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
