import { MailOutlined } from '@ant-design/icons';
import { securityApi } from '@sello/contracts/catalogue/security';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { resolveHost } from '../../lib/api-host.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const keyOf = (failure: unknown) =>
  failure instanceof ApiCallError
    ? (Object.values(failure.fields)[0] ?? failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE')
    : 'ERR_SYSTEM_NOT_AVAILABLE';

/**
 * 'Sign in with your organisation': the e-mail's domain names the identity provider; the browser then leaves
 * for it (OpenID Connect through `OAuthAccess`, SAML through the server's start route) and comes back to the
 * spec's `/oauth/oauthlogin` or `/saml/samllogin` route.
 */
export function OrganisationSignIn({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!EMAIL.test(email.trim())) {
      setError(email.trim() === '' ? 'ERR_FIELD_REQUIRED' : 'ERR_EMAIL_INVALID');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const provider = await callEndpoint(
        securityApi.federatedProvider,
        { query: { email: email.trim() } },
        { isLogin: true },
      );
      if (provider.kind === 'oidc') {
        const start = await callEndpoint(
          securityApi.oauthAccess,
          { query: { provider: provider.provider } },
          { isLogin: true },
        );
        window.location.assign(start.url);
      } else {
        window.location.assign(`${await resolveHost()}${provider.url}`);
      }
    } catch (failure) {
      setError(keyOf(failure));
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="organisation-form">
      <p className="login-subtitle">{t('LOGIN_ORGANISATION_HINT')}</p>
      <div className={error ? 'login-field has-error' : 'login-field'}>
        <label className="login-field-label" htmlFor="organisation-email">
          {t('LOGIN_ORGANISATION_EMAIL')}
        </label>
        <Input
          id="organisation-email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          prefix={<MailOutlined />}
          autoComplete="email"
          autoFocus
          data-testid="organisation-email"
          {...(error
            ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': 'organisation-error' }
            : {})}
        />
        {error && (
          <div
            id="organisation-error"
            className="login-field-error"
            role="alert"
            data-testid="organisation-error"
            data-key={error}
          >
            {t(error)}
          </div>
        )}
      </div>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="organisation-submit">
        {t('LOGIN_ORGANISATION_CONTINUE')}
      </Button>
      <p className="login-links">
        <Button type="link" onClick={onCancel} data-testid="organisation-cancel">
          {t('LOGIN_WITH_PASSWORD')}
        </Button>
      </p>
    </form>
  );
}
