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
 * Spec §2 `/oauth/oauthlogin`: the OpenID provider's answer, handed on by the server as `?token=` (its query
 * string) and `&id=` (the shipping the sign-in was begun for), is sent once to `oauthlogin` or `oauthloginWp`
 * (docs/decisions.md "OpenID Connect"). A refusal goes back to the login page with its key.
 */
export default function OAuthLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [secondStep, setSecondStep] = useState<TTwoFactorChallenge | null>(null);
  const sent = useRef(false);
  const token = search.get('token') ?? '';
  const id = search.get('id');

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const refuse = (key: string) => navigate(PATHS.login, { replace: true, state: { error: key } });
    const finish = async (user: TSessionUser, shippingId: number | null) => {
      session.start(user);
      await adoptAccountLanguage(user.language);
      const target = shippingId === null ? landingPathAfterLogin(user.permissions, user.superAdmin) : null;
      navigate(target ?? PATHS.shippingDetail.replace(':id', String(shippingId)), { replace: true });
    };
    if (!token) {
      refuse('ERR_OIDC_STATE_INVALID');
      return;
    }
    const call = id
      ? callEndpoint(securityApi.oauthLoginWp, { body: { token, id } }, { isLogin: true })
      : callEndpoint(securityApi.oauthLogin, { body: { token } }, { isLogin: true });
    call
      .then(async (answer) => {
        if ('twoFactorRequired' in answer) setSecondStep(answer);
        else await finish(answer, 'shippingId' in answer ? (answer.shippingId as number | null) : null);
      })
      .catch((failure: unknown) =>
        refuse(
          failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
        ),
      );
  }, [navigate, token, id]);

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
          <p className="login-subtitle" data-testid="oauth-login-busy">
            <Spin size="small" /> {t('CORE_LOGIN_SIGNING_IN')}
          </p>
        )}
      </section>
    </div>
  );
}
