import { securityApi, type TSessionUser } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { adoptAccountLanguage } from '../../i18n/change-language.ts';
import { landingPathAfterLogin } from '../../session/landing-path.ts';
import { session } from '../../session/session-store.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

/**
 * Spec §2 `/saml/samllogin`: the server's ACS sends the browser here with the identity provider's response in the
 * URL fragment (`?SAMLResponse=`), or with the key of a refusal (`?error=`). The response is sent once to
 * `samllogin` and dropped from the address bar at once; refusals are shown on the login page.
 */
export default function SamlLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [secondStep, setSecondStep] = useState<TTwoFactorChallenge | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const samlResponse = params.get('SAMLResponse');
    const refusal = params.get('error');
    const refuse = (key: string) => navigate(PATHS.login, { replace: true, state: { error: key } });
    if (!samlResponse) {
      refuse(refusal ?? 'ERR_SAML_INVALID');
      return;
    }
    navigate(PATHS.samlLogin, { replace: true });
    const finish = async (user: TSessionUser) => {
      session.start(user);
      await adoptAccountLanguage(user.language);
      navigate(landingPathAfterLogin(user.permissions, user.superAdmin), { replace: true });
    };
    callEndpoint(securityApi.samlLogin, { body: { saml_assertion: samlResponse } }, { isLogin: true })
      .then(async (answer) => {
        if ('twoFactorRequired' in answer) setSecondStep(answer);
        else await finish(answer);
      })
      .catch((failure: unknown) =>
        refuse(
          failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
        ),
      );
  }, [navigate, params]);

  return (
    <div className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          {t('LOGIN_TITLE')}
        </h1>
        {secondStep ? (
          <TwoFactorStep
            step={secondStep}
            onSignedIn={(user) => {
              session.start(user);
              void adoptAccountLanguage(user.language).then(() =>
                navigate(landingPathAfterLogin(user.permissions, user.superAdmin), { replace: true }),
              );
            }}
            onRestart={(key) => navigate(PATHS.login, { replace: true, state: { error: key } })}
          />
        ) : (
          <div className="login-subtitle" data-testid="saml-login-busy">
            <Spin size="small" /> {t('SAML_LOGIN_SIGNING_IN')}
          </div>
        )}
      </section>
    </div>
  );
}
