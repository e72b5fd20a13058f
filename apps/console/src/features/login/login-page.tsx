import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { securityApi, type TSessionUser } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Button, Input } from 'antd';
import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { adoptAccountLanguage } from '../../i18n/change-language.ts';
import { landingPathAfterLogin } from '../../session/landing-path.ts';
import { session } from '../../session/session-store.ts';
import { useSession } from '../../session/use-session.ts';

// The steps after a password, and the organisation's sign-in, load when they are needed: the login page's own
// JavaScript is what every visitor waits for (bench/login-bundle.ts).
const ExpiredPasswordForm = lazy(async () => ({
  default: (await import('./expired-password-form.tsx')).ExpiredPasswordForm,
}));
const OrganisationSignIn = lazy(async () => ({
  default: (await import('./organisation-sign-in.tsx')).OrganisationSignIn,
}));
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step.tsx')).TwoFactorStep }));

type TLoginFields = { login: string; password: string };
type TFieldName = keyof TLoginFields;

/** Both fields are required; a user name of blanks only counts as empty. */
export function loginFieldErrors(fields: TLoginFields): Partial<Record<TFieldName, string>> {
  const errors: Partial<Record<TFieldName, string>> = {};
  if (fields.login.trim() === '') errors.login = 'ERR_FIELD_REQUIRED';
  if (fields.password === '') errors.password = 'ERR_FIELD_REQUIRED';
  return errors;
}

/** A labelled field with its message underneath, laid out like a vertical antd Form.Item. */
function Field({
  name,
  label,
  error,
  children,
}: {
  name: TFieldName;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'login-field has-error' : 'login-field'}>
      <label className="login-field-label" htmlFor={name}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${name}-error`} className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * The sign-in form. It is built from plain elements and antd's Input and Button rather than antd's
 * Form, Card and Typography: those bring rc-field-form, async-validator, Tooltip, Tabs, Dropdown, Menu
 * and Skeleton into the first load of the console, for two required fields, a box and two lines of text.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn, permissions, superAdmin } = useSession();
  const [fields, setFields] = useState<TLoginFields>({ login: '', password: '' });
  // Like antd's Form: a field is checked from its first change on, and every field on submit.
  const [checked, setChecked] = useState<Partial<Record<TFieldName, boolean>>>({});
  // A refusal of another sign-in route (core-login-page.tsx) arrives as navigation state.
  const refused = (useLocation().state as { error?: unknown } | null)?.error;
  const [error, setError] = useState<string | null>(typeof refused === 'string' ? refused : null);
  const [busy, setBusy] = useState(false);
  // After a right password, when a second factor is needed (two-factor-step.tsx).
  const [secondStep, setSecondStep] = useState<TTwoFactorChallenge | null>(null);
  // 'Sign in with your organisation' (organisation-sign-in.tsx) instead of the password form.
  const [organisation, setOrganisation] = useState(false);
  const restart = useCallback((key: string) => {
    setSecondStep(null);
    setFields((current) => ({ ...current, password: '' }));
    setError(key);
  }, []);

  const finish = async (user: TSessionUser) => {
    session.start(user);
    await adoptAccountLanguage(user.language);
    const landing = landingPathAfterLogin(user.permissions, user.superAdmin);
    navigate(landing, { replace: true });
    void import('./offer-drafts.ts').then(({ offerDrafts }) =>
      offerDrafts(landing, user.permissions, (path) => navigate(path)),
    );
  };

  if (loggedIn) return <Navigate to={landingPathAfterLogin(permissions, superAdmin)} replace />;

  const fieldErrors = loginFieldErrors(fields);
  const shownError = (name: TFieldName) => (checked[name] && fieldErrors[name] ? t(fieldErrors[name]) : undefined);
  const errorProps = (name: TFieldName) =>
    shownError(name)
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `${name}-error` }
      : { 'aria-required': true };
  const update = (name: TFieldName) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setChecked((current) => ({ ...current, [name]: true }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked({ login: true, password: true });
    if (busy || Object.keys(fieldErrors).length > 0) return;
    const { login, password } = fields;
    setBusy(true);
    setError(null);
    try {
      const user = await callEndpoint(
        securityApi.login,
        {
          body: {
            login,
            password,
            browser: navigator.userAgent.slice(0, 500),
            resolution: `${window.screen.width}x${window.screen.height}`,
          },
        },
        { isLogin: true },
      );
      if ('twoFactorRequired' in user) setSecondStep(user);
      else await finish(user);
    } catch (failure) {
      setError(
        failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          {t('LOGIN_TITLE')}
        </h1>
        <p className="login-subtitle">{t('LOGIN_SUBTITLE')}</p>
        <Suspense fallback={null}>
          {secondStep ? (
            <TwoFactorStep step={secondStep} onSignedIn={(user) => void finish(user)} onRestart={restart} />
          ) : organisation ? (
            <OrganisationSignIn onCancel={() => setOrganisation(false)} />
          ) : error === 'ERR_PWD_EXPIRED' ? (
            <ExpiredPasswordForm
              login={fields.login}
              password={fields.password}
              onSignedIn={async (answer) => {
                if ('twoFactorRequired' in answer) setSecondStep(answer);
                else await finish(answer);
              }}
              onCancel={() => {
                setError(null);
                setFields((current) => ({ ...current, password: '' }));
              }}
            />
          ) : (
            <form className="login-form" onSubmit={submit} noValidate data-testid="login-form">
              <Field name="login" label={t('LOGIN_USER')} error={shownError('login')}>
                <Input
                  id="login"
                  name="login"
                  value={fields.login}
                  onChange={update('login')}
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  autoFocus
                  data-testid="login-user"
                  {...errorProps('login')}
                />
              </Field>
              <Field name="password" label={t('LOGIN_PASSWORD')} error={shownError('password')}>
                <Input.Password
                  id="password"
                  name="password"
                  value={fields.password}
                  onChange={update('password')}
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  data-testid="login-password"
                  {...errorProps('password')}
                />
              </Field>
              {error && (
                <p className="login-error" role="alert" data-testid="login-error" data-key={error}>
                  {t(error)}
                </p>
              )}
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
                {t('LOGIN_SUBMIT')}
              </Button>
              <p className="login-links">
                <Link to={PATHS.passwordRecovery} data-testid="forgot-password">
                  {t('LOGIN_FORGOT_PASSWORD')}
                </Link>
              </p>
              <Button
                block
                className="login-organisation"
                onClick={() => {
                  setError(null);
                  setOrganisation(true);
                }}
                data-testid="organisation-open"
              >
                {t('LOGIN_ORGANISATION')}
              </Button>
            </form>
          )}
        </Suspense>
      </section>
    </div>
  );
}
