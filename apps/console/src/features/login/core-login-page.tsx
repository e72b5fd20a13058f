import { securityApi, type TSessionUser } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { adoptAccountLanguage } from '../../i18n/change-language.ts';
import { landingPathAfterLogin } from '../../session/landing-path.ts';
import { session } from '../../session/session-store.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

/**
 * Spec §2 `/saml/samlCoreLogin/{requestHash}/{tokenHash}[/{uuid}]`: finishes a hand-over from the core platform
 * (docs/decisions.md "Core hand-over") and opens the shipping it names. The hand-over is single use, so it is
 * sent once even when React runs the effect twice.
 */
export default function CoreLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { requestHash = '', tokenHash = '', uuid } = useParams();
  const [secondStep, setSecondStep] = useState<TTwoFactorChallenge | null>(null);
  const sent = useRef(false);

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
    callEndpoint(
      securityApi.samlCoreLogin,
      { body: { requestHash, tokenHash, ...(uuid && { uuid }) } },
      { isLogin: true },
    )
      .then(async (answer) => {
        if ('twoFactorRequired' in answer) setSecondStep(answer);
        else await finish(answer, answer.shippingId);
      })
      .catch((failure: unknown) =>
        refuse(
          failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
        ),
      );
  }, [navigate, requestHash, tokenHash, uuid]);

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
          <p className="login-subtitle" data-testid="core-login-busy">
            <Spin size="small" /> {t('CORE_LOGIN_SIGNING_IN')}
          </p>
        )}
      </section>
    </div>
  );
}
