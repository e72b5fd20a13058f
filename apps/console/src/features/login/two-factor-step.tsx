import { SafetyOutlined } from '@ant-design/icons';
import type { TSessionUser } from '@sello/contracts/catalogue/security';
import { securityApi } from '@sello/contracts/catalogue/security';
import { type TTotpEnrolment, twoFactorApi } from '@sello/contracts/catalogue/two-factor';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Button, Checkbox, Input } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { RecoveryCodes, TotpKey } from '../../components/two-factor/totp-key.tsx';

type TProps = {
  step: TTwoFactorChallenge;
  /** The session is open. */
  onSignedIn: (user: TSessionUser) => void;
  /** The challenge ended (five wrong codes, expired): back to the password, with the reason. */
  onRestart: (errorKey: string) => void;
};

const keyOf = (failure: unknown) =>
  failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE';

/**
 * The second sign-in step: a code of the authenticator app, a recovery code or a code sent by e-mail,
 * and 'trust this browser'. When the domain requires a factor the user has not set up, enrolment first.
 */
export function TwoFactorStep({ step, onSignedIn, onRestart }: TProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [trustBrowser, setTrustBrowser] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<{ key: string; attemptsLeft?: number } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const [enrolled, setEnrolled] = useState<{ user: TSessionUser; codes: string[] } | null>(null);

  useEffect(() => {
    if (!step.enrol) return;
    callEndpoint(twoFactorApi.enrolStart, { body: { challenge: step.challenge } }, { isLogin: true })
      .then(setEnrolment)
      .catch((failure) => onRestart(keyOf(failure)));
  }, [step, onRestart]);

  const fail = (failure: unknown) => {
    const key = keyOf(failure);
    // The challenge is over: it ended, or wrong codes locked the factor for a while.
    if (key === 'ERR_2FA_CHALLENGE_ENDED' || key === 'ERR_2FA_LOCKED') {
      onRestart(key);
      return;
    }
    const attemptsLeft = failure instanceof ApiCallError ? failure.body?.params?.attemptsLeft : undefined;
    setError({ key, ...(typeof attemptsLeft === 'number' && { attemptsLeft }) });
    setCode('');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || code.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      if (step.enrol) {
        const { recoveryCodes, ...user } = await callEndpoint(
          twoFactorApi.enrolLogin,
          { body: { challenge: step.challenge, code: code.trim(), trustBrowser } },
          { isLogin: true },
        );
        setEnrolled({ user, codes: recoveryCodes });
      } else {
        const user = await callEndpoint(
          securityApi.twoFactorLogin,
          { body: { challenge: step.challenge, code, trustBrowser } },
          { isLogin: true },
        );
        onSignedIn(user);
      }
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const sendMail = async () => {
    setError(null);
    try {
      const { sentTo } = await callEndpoint(
        twoFactorApi.sendCode,
        { body: { challenge: step.challenge } },
        { isLogin: true },
      );
      setInfo(t('TWO_FACTOR_MAIL_SENT', { to: sentTo }));
    } catch (failure) {
      fail(failure);
    }
  };

  if (enrolled) {
    return (
      <div data-testid="two-factor-enrolled">
        <RecoveryCodes codes={enrolled.codes} />
        <Button type="primary" block onClick={() => onSignedIn(enrolled.user)} data-testid="two-factor-continue">
          {t('TWO_FACTOR_CONTINUE')}
        </Button>
      </div>
    );
  }

  const label = useRecovery ? t('TWO_FACTOR_RECOVERY_CODE') : t('TWO_FACTOR_CODE');
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="two-factor-form">
      <p className="login-subtitle">{step.enrol ? t('TWO_FACTOR_ENROL_REQUIRED') : t('TWO_FACTOR_PROMPT')}</p>
      {step.enrol && enrolment && <TotpKey enrolment={enrolment} />}
      <div className={error ? 'login-field has-error' : 'login-field'}>
        <label className="login-field-label" htmlFor="two-factor-code">
          {label}
        </label>
        <Input
          id="two-factor-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          prefix={<SafetyOutlined />}
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 19 : 6}
          autoFocus
          aria-required
          data-testid="two-factor-code"
        />
      </div>
      {error && (
        <p className="login-error" role="alert" data-testid="two-factor-error" data-key={error.key}>
          {t(error.key)}
          {error.attemptsLeft !== undefined && ` ${t('TWO_FACTOR_ATTEMPTS_LEFT', { count: error.attemptsLeft })}`}
        </p>
      )}
      {info && (
        <p className="login-subtitle" role="status" data-testid="two-factor-info">
          {info}
        </p>
      )}
      <Checkbox
        checked={trustBrowser}
        onChange={(event) => setTrustBrowser(event.target.checked)}
        className="login-trust"
        data-testid="two-factor-trust"
      >
        {t('TWO_FACTOR_TRUST_BROWSER')}
      </Checkbox>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="two-factor-submit">
        {t('TWO_FACTOR_VERIFY')}
      </Button>
      {!step.enrol && (
        <div className="login-links">
          {step.methods.includes('recovery') && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setUseRecovery((current) => !current);
                setCode('');
              }}
              data-testid="two-factor-use-recovery"
            >
              {useRecovery ? t('TWO_FACTOR_USE_APP') : t('TWO_FACTOR_USE_RECOVERY')}
            </Button>
          )}
          {step.methods.includes('email') && (
            <Button type="link" size="small" onClick={() => void sendMail()} data-testid="two-factor-send-mail">
              {t('TWO_FACTOR_SEND_MAIL')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
