import { securityApi } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';

type TState =
  | { kind: 'ready' }
  | { kind: 'busy' }
  | { kind: 'failed'; key: string; params?: Record<string, unknown> }
  | { kind: 'done'; emailDomain: string; providerName: string; domainName: string };

/**
 * The link mailed to an administrator mailbox of an e-mail domain (docs/decisions/federation.md "Identity providers: verified
 * e-mail domains"): its holder confirms with a click, so a mail scanner that opens the link verifies nothing.
 */
export default function DomainVerificationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<TState>(
    token ? { kind: 'ready' } : { kind: 'failed', key: 'ERR_IDP_DOMAIN_LINK_INVALID' },
  );

  const confirm = () => {
    setState({ kind: 'busy' });
    callEndpoint(securityApi.verifyEmailDomain, { body: { token } }).then(
      (done) => setState({ kind: 'done', ...done }),
      (failure: unknown) =>
        setState(
          failure instanceof ApiCallError
            ? { kind: 'failed', key: failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE', params: failure.body?.params }
            : { kind: 'failed', key: 'ERR_SYSTEM_NOT_AVAILABLE' },
        ),
    );
  };

  return (
    <div className="login-page">
      <section className="login-card" aria-labelledby="domain-verification-title">
        <h1 id="domain-verification-title" className="login-title">
          {t('IDP_DOMAIN_CONFIRM_TITLE')}
        </h1>
        {state.kind === 'done' ? (
          <p className="login-subtitle" role="status" data-testid="domain-verified">
            {t('IDP_DOMAIN_CONFIRMED', state)}
          </p>
        ) : state.kind === 'failed' ? (
          <p className="login-error" role="alert" data-testid="domain-verification-error" data-key={state.key}>
            {t(state.key, state.params ?? {})}
          </p>
        ) : (
          <>
            <p className="login-subtitle">{t('IDP_DOMAIN_CONFIRM_TEXT')}</p>
            <Button
              type="primary"
              block
              loading={state.kind === 'busy'}
              onClick={confirm}
              data-testid="domain-verification-confirm"
            >
              {t('IDP_DOMAIN_CONFIRM')}
            </Button>
          </>
        )}
        <Link to={PATHS.login}>{t('PWD_GO_TO_LOGIN')}</Link>
      </section>
    </div>
  );
}
