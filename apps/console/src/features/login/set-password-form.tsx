import { securityApi, type TRecoveryLogin } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import { Button } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { usePasswordMinLength } from '../../api/use-password-min-length.ts';
import { usePasswordGuess } from '../../components/password/use-password-guess.ts';
import { NewPasswordFields, newPasswordErrors, type TNewPassword } from './new-password-fields.tsx';

type TTokens = { recoveryToken: string; loginToken: string };
type TState =
  | { kind: 'checking' }
  | { kind: 'invalid'; key: string }
  | { kind: 'ready'; user: TRecoveryLogin }
  | { kind: 'done' };

const errorKeyOf = (failure: unknown) =>
  failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE';

/** The link of a welcome or recovery mail: `pwdrecoverlogin` checks it, then `pwdchg` sets the password. */
export function SetPasswordForm({ tokens }: { tokens: TTokens }) {
  const { t } = useTranslation();
  const minLength = usePasswordMinLength();
  const guess = usePasswordGuess();
  const [state, setState] = useState<TState>({ kind: 'checking' });
  const [value, setValue] = useState<TNewPassword>({ newpassword: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof TNewPassword, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof TNewPassword, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    callEndpoint(securityApi.pwdRecoverLogin, { body: tokens }).then(
      (user) => live && setState({ kind: 'ready', user }),
      (failure: unknown) => live && setState({ kind: 'invalid', key: errorKeyOf(failure) }),
    );
    return () => {
      live = false;
    };
  }, [tokens]);

  if (state.kind === 'checking') return <p className="login-subtitle">{t('PWD_CHECKING_LINK')}</p>;
  if (state.kind === 'invalid') {
    return (
      <>
        <p className="login-error" role="alert" data-testid="recovery-error" data-key={state.key}>
          {t(state.key)}
        </p>
        <Link to={PATHS.passwordRecovery} data-testid="ask-new-link">
          {t('PWD_ASK_NEW_LINK')}
        </Link>
      </>
    );
  }
  if (state.kind === 'done') {
    return (
      <>
        <p className="login-subtitle" role="status" data-testid="password-set">
          {t('PWD_SET_DONE')}
        </p>
        <Link to={PATHS.login} data-testid="go-to-login">
          {t('PWD_GO_TO_LOGIN')}
        </Link>
      </>
    );
  }

  const { user } = state;
  const context = { minLength, login: user.userid, email: user.email, guess };
  const errors = newPasswordErrors(value, context);
  const shown = {
    newpassword:
      serverErrors.newpassword ?? (touched.newpassword && errors.newpassword ? t(errors.newpassword) : undefined),
    confirm: touched.confirm && errors.confirm ? t(errors.confirm) : undefined,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ newpassword: true, confirm: true });
    if (busy || Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await callEndpoint(
        securityApi.pwdChange,
        { body: { ...tokens, newpassword: value.newpassword } },
        { authToken: user.token },
      );
      setState({ kind: 'done' });
    } catch (failure) {
      if (failure instanceof ApiCallError && failure.fields.newpassword) {
        setServerErrors({ newpassword: t(failure.fields.newpassword) });
      } else if (failure instanceof ApiCallError && failure.key === 'ERR_PWD_RECOVER_TOKEN') {
        setState({ kind: 'invalid', key: failure.key });
      } else {
        setError(errorKeyOf(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="set-password-form">
      <p className="login-subtitle">{t('PWD_SET_FOR', { user: user.userid })}</p>
      <NewPasswordFields
        value={value}
        onChange={(next) => {
          setTouched((current) => ({
            newpassword: current.newpassword || next.newpassword !== value.newpassword,
            confirm: current.confirm || next.confirm !== value.confirm,
          }));
          setServerErrors({});
          setValue(next);
        }}
        errors={shown}
        context={context}
      />
      {error && (
        <p className="login-error" role="alert" data-testid="set-password-error" data-key={error}>
          {t(error)}
        </p>
      )}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="set-password-submit">
        {t('PWD_SET_SUBMIT')}
      </Button>
    </form>
  );
}
