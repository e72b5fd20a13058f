import { UserOutlined } from '@ant-design/icons';
import { securityApi } from '@sello/contracts/catalogue/security';
import type { Language } from '@sello/contracts/constants';
import { PATHS } from '@sello/contracts/routes';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { fieldStatus, LoginField } from './login-field.tsx';

/** 'Forgot password': the user names the login; the answer is the same whether or not it exists. */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation();
  const [login, setLogin] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginError = touched && login.trim() === '' ? t('ERR_FIELD_REQUIRED') : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (busy || login.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const language = (['es-es', 'en-en', 'pt-pt'].includes(i18n.language) ? i18n.language : 'es-es') as Language;
      await callEndpoint(securityApi.pwdRecover, { body: { login: login.trim(), language } });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
      );
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <>
        <p className="login-subtitle" role="status" data-testid="recover-sent">
          {t('PWD_RECOVER_SENT')}
        </p>
        <Link to={PATHS.login}>{t('PWD_GO_TO_LOGIN')}</Link>
      </>
    );
  }
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="forgot-password-form">
      <p className="login-subtitle">{t('PWD_RECOVER_INTRO')}</p>
      <LoginField id="recover-login" label={t('LOGIN_USER')} error={loginError}>
        <Input
          id="recover-login"
          value={login}
          onChange={(event) => {
            setLogin(event.target.value);
            setTouched(true);
          }}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          data-testid="recover-login"
          {...fieldStatus('recover-login', loginError)}
        />
      </LoginField>
      {error && (
        <p className="login-error" role="alert" data-testid="recover-error" data-key={error}>
          {t(error)}
        </p>
      )}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="recover-submit">
        {t('PWD_RECOVER_SUBMIT')}
      </Button>
      <p className="login-links">
        <Link to={PATHS.login}>{t('PWD_GO_TO_LOGIN')}</Link>
      </p>
    </form>
  );
}
