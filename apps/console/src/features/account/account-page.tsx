import { ZAccountUpdate } from '@sello/contracts/catalogue/account';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { Button, Card, Descriptions, Form, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../alerts/alert-store.ts';
import { usePasswordMinLength } from '../../api/use-password-min-length.ts';
import {
  parseForForm,
  reportInvalidFields,
  showFieldErrors,
  showServerErrors,
} from '../../components/form/form-errors.ts';
import { useFormDraft } from '../../components/form/use-form-draft.tsx';
import { PasswordPolicyHint } from '../../components/password/password-policy-hint.tsx';
import { changeLanguage } from '../../i18n/change-language.ts';
// 'LLL' below needs dayjs's localizedFormat plugin, which this module registers.
import '../../i18n/library-locales/dayjs-locale.ts';
import { usePasswordGuess } from '../../components/password/use-password-guess.ts';
import { LANGUAGE_LABEL_KEYS } from '../../i18n/language-labels.ts';
import { session } from '../../session/session-store.ts';
import { useSession } from '../../session/use-session.ts';
import { TwoFactorCard } from './two-factor-card.tsx';
import { useAccount, useUpdateAccount } from './use-account.ts';

type TAccountFields = {
  name: string;
  email: string;
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
};
const ACCOUNT_FIELDS = ['name', 'email', 'currentPassword', 'newPassword', 'confirmPassword'];

export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn, permissions } = useSession();
  const account = useAccount();
  const update = useUpdateAccount();
  const [form] = Form.useForm<TAccountFields>();
  const draft = useFormDraft(form);
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const passwordMinLength = usePasswordMinLength();
  const guess = usePasswordGuess();

  const save = async (values: TAccountFields) => {
    if (values.newPassword && values.newPassword !== values.confirmPassword) {
      showFieldErrors(form, [{ name: ['confirmPassword'], key: 'ERR_PWD_MISMATCH' }], t);
      return;
    }
    const body = {
      name: values.name,
      email: values.email,
      ...(values.newPassword ? { currentPassword: values.currentPassword ?? '', newPassword: values.newPassword } : {}),
    };
    const parsed = parseForForm(ZAccountUpdate, body, form, t);
    if (!parsed) return;
    try {
      const saved = await update.mutateAsync(parsed);
      session.updateUser({ name: saved.name, email: saved.email });
      void draft.discard();
      form.setFieldsValue({ currentPassword: '', newPassword: '', confirmPassword: '' });
      notify.success(values.newPassword ? 'OK_PASSWORD_CHANGED' : 'OK_UPDATE_ACCOUNT');
    } catch (error) {
      showServerErrors(error, form, t, ACCOUNT_FIELDS);
    }
  };

  if (!account.data) return <div className="page" />;
  const data = account.data;
  return (
    <div className="page account-page">
      <Typography.Title level={2}>{t('ACCOUNT_TITLE')}</Typography.Title>
      <Card title={t('ACCOUNT_DATA')} className="page-card">
        <Descriptions column={1} size="small" data-testid="account-data">
          <Descriptions.Item label={t('ACCOUNT_USERNAME')}>{data.userid}</Descriptions.Item>
          <Descriptions.Item label={t('ACCOUNT_DOMAIN')}>{data.domainName}</Descriptions.Item>
          <Descriptions.Item label={t('ACCOUNT_ROLES')}>
            {data.roles.map((role) => t(`ROLE_${role}`)).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('ACCOUNT_COMPANIES')}>
            {data.companies.map((company) => company.name).join(', ') || t('NONE')}
          </Descriptions.Item>
          <Descriptions.Item label={t('ACCOUNT_PASSWORD_CHANGED')}>
            {data.passwordChangedAt ? dayjs(data.passwordChangedAt).format('LLL') : t('NONE')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('ACCOUNT_LANGUAGE')} className="page-card">
        <Select<Language>
          value={i18n.language as Language}
          style={{ minWidth: 220 }}
          aria-label={t('ACCOUNT_LANGUAGE')}
          onChange={(language) => void changeLanguage(language, navigate, { loggedIn, permissions })}
          options={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABEL_KEYS[language]) }))}
          data-testid="account-language"
        />
      </Card>
      <Card title={t('ACCOUNT_EDIT')} className="page-card">
        <Form<TAccountFields>
          form={form}
          layout="vertical"
          initialValues={{ name: data.name, email: data.email }}
          name="account"
          onFinish={save}
          onFinishFailed={(failure) => reportInvalidFields(form, failure, t)}
          data-testid="account-form"
          style={{ maxWidth: 480 }}
        >
          {draft.offer}
          <Form.Item
            name="name"
            label={t('ACCOUNT_NAME')}
            rules={[{ required: true, whitespace: true, message: t('ERR_FIELD_REQUIRED') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('ACCOUNT_EMAIL')}
            rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Typography.Title level={5}>{t('ACCOUNT_PASSWORD_CHANGE')}</Typography.Title>
          <Form.Item name="currentPassword" label={t('ACCOUNT_CURRENT_PASSWORD')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('ACCOUNT_NEW_PASSWORD')} extra={t('ACCOUNT_PASSWORD_RULE')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {newPassword !== '' && (
            <PasswordPolicyHint
              password={newPassword}
              context={{ minLength: passwordMinLength, login: data.userid, email: data.email, guess }}
            />
          )}
          <Form.Item name="confirmPassword" label={t('ACCOUNT_CONFIRM_PASSWORD')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="account-save">
            {t('SAVE')}
          </Button>
        </Form>
      </Card>
      <TwoFactorCard />
    </div>
  );
}
