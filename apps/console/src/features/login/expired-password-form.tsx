import { securityApi, type TSessionUser } from '@sello/contracts/catalogue/security';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Button } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { usePasswordMinLength } from '../../api/use-password-min-length.ts';
import { NewPasswordFields, newPasswordErrors, type TNewPassword } from './new-password-fields.tsx';

/**
 * After a sign-in answered ERR_PWD_EXPIRED: the new password twice, then `pwdExpired` with the
 * current one, which signs in.
 */
export function ExpiredPasswordForm({
  login,
  password,
  onSignedIn,
  onCancel,
}: {
  login: string;
  password: string;
  onSignedIn: (answer: TSessionUser | TTwoFactorChallenge) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const minLength = usePasswordMinLength();
  const [value, setValue] = useState<TNewPassword>({ newpassword: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof TNewPassword, boolean>>>({});
  const [serverError, setServerError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const context = { minLength, login };
  const errors = newPasswordErrors(value, context);
  const shown = {
    newpassword: serverError ?? (touched.newpassword && errors.newpassword ? t(errors.newpassword) : undefined),
    confirm: touched.confirm && errors.confirm ? t(errors.confirm) : undefined,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ newpassword: true, confirm: true });
    if (busy || Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const user = await callEndpoint(
        securityApi.pwdExpired,
        { body: { login, password, newpassword: value.newpassword, newconfirmpassword: value.confirm } },
        { isLogin: true },
      );
      await onSignedIn(user);
    } catch (failure) {
      const fields = failure instanceof ApiCallError ? failure.fields : {};
      if (fields.newpassword) setServerError(t(fields.newpassword));
      else
        setError(
          failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="expired-password-form">
      <p className="login-error" role="alert" data-key="ERR_PWD_EXPIRED">
        {t('ERR_PWD_EXPIRED')}
      </p>
      <NewPasswordFields
        value={value}
        onChange={(next) => {
          setTouched((current) => ({
            newpassword: current.newpassword || next.newpassword !== value.newpassword,
            confirm: current.confirm || next.confirm !== value.confirm,
          }));
          setServerError(undefined);
          setValue(next);
        }}
        errors={shown}
        context={context}
      />
      {error && (
        <p className="login-error" role="alert" data-testid="expired-error" data-key={error}>
          {t(error)}
        </p>
      )}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="expired-submit">
        {t('PWD_EXPIRED_SUBMIT')}
      </Button>
      <p className="login-links">
        <Button type="link" onClick={onCancel}>
          {t('PWD_GO_TO_LOGIN')}
        </Button>
      </p>
    </form>
  );
}
