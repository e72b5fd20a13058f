import type { TSessionUser } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import type { TTwoFactorChallenge } from '@sello/contracts/two-factor';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiCallError } from '../../api/http-client.ts';
import { adoptAccountLanguage } from '../../i18n/change-language.ts';
import { landingPathAfterLogin } from '../../session/landing-path.ts';
import { session } from '../../session/session-store.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

type TFederatedAnswer = (TSessionUser & { shippingId?: number | null }) | TTwoFactorChallenge;

/**
 * What the routes that finish a sign-in begun elsewhere share (core hand-over, SAML, OpenID Connect): the one call
 * `start` makes (sent once even when React runs the effect twice: each is single use), then the session, the second
 * factor when asked, the shipping the sign-in names, or the login page with the refusal's key. `start` answers a
 * key instead of a call when there is nothing to send.
 */
export function FederatedSignIn(props: {
  start: () => Promise<TFederatedAnswer> | string;
  busyTestId: string;
  busyText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [secondStep, setSecondStep] = useState<TTwoFactorChallenge | null>(null);
  const sent = useRef(false);
  const startRef = useRef(props.start);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const refuse = (key: string) => navigate(PATHS.login, { replace: true, state: { error: key } });
    const call = startRef.current();
    if (typeof call === 'string') {
      refuse(call);
      return;
    }
    call
      .then(async (answer) => {
        if ('twoFactorRequired' in answer) {
          setSecondStep(answer);
          return;
        }
        session.start(answer);
        await adoptAccountLanguage(answer.language);
        const shippingId = answer.shippingId ?? null;
        navigate(
          shippingId === null
            ? landingPathAfterLogin(answer.permissions, answer.superAdmin)
            : PATHS.shippingDetail.replace(':id', String(shippingId)),
          { replace: true },
        );
      })
      .catch((failure: unknown) =>
        refuse(
          failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
        ),
      );
  }, [navigate]);

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
          <p className="login-subtitle" data-testid={props.busyTestId}>
            <Spin size="small" /> {props.busyText}
          </p>
        )}
      </section>
    </div>
  );
}
