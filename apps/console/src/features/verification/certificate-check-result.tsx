import type { TCertificateCheck } from '@sello/contracts/catalogue/certificate-check';
import { shownAction } from '@sello/contracts/shipping-rules';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** An instant as UTC to the second, `2026-12-07 08:14:03 UTC`: the same for every reader. */
const utc = (value: string) => `${value.slice(0, 10)} ${value.slice(11, 19)} UTC`;

/** What the verification found: the verdict, the seal, the time-stamp, and the events the certificate lists. */
export function CertificateCheckResult({ check }: { check: TCertificateCheck }) {
  const { t } = useTranslation();
  const verified = check.seal.valid && check.seal.provider && check.timestamp.valid && check.issued;
  const mark = (ok: boolean) => (ok ? t('VERIFY_YES') : t('VERIFY_NO'));
  const { certificate } = check;
  return (
    <div className="verification-result" data-testid="verification-result" data-verified={verified}>
      <Alert
        type={verified ? 'success' : 'error'}
        role="status"
        data-testid="verification-verdict"
        title={t(verified ? 'VERIFY_VERIFIED' : 'VERIFY_NOT_VERIFIED')}
      />
      <dl className="verification-facts">
        <dt>{t('VERIFY_SEAL')}</dt>
        <dd data-testid="verification-seal">
          {mark(check.seal.valid && check.seal.provider)}
          {check.seal.subject ? ` (${check.seal.subject})` : ''}
        </dd>
        {check.seal.fingerprint && (
          <>
            <dt>{t('VERIFY_FINGERPRINT')}</dt>
            <dd className="verification-hash">{check.seal.fingerprint}</dd>
          </>
        )}
        <dt>{t('VERIFY_TIMESTAMP')}</dt>
        <dd data-testid="verification-timestamp">
          {mark(check.timestamp.valid)}
          {check.timestamp.time ? ` (${utc(check.timestamp.time)}, ${check.timestamp.authority ?? ''})` : ''}
        </dd>
        <dt>{t('VERIFY_ISSUED')}</dt>
        <dd data-testid="verification-issued">{mark(check.issued)}</dd>
        <dt>SHA-256</dt>
        <dd className="verification-hash">{check.sha256}</dd>
      </dl>
      {certificate && (
        <>
          <h2 className="verification-events-title">{t('VERIFY_EVENTS', { requestId: certificate.requestId })}</h2>
          <ol className="verification-events" data-testid="verification-events">
            {certificate.events.map((event) => (
              <li key={event.seq}>
                <span>
                  {event.seq}. {utc(event.at)} · {t(`EVENT_ACTION_${shownAction(event.action, certificate.kind)}`)}
                </span>
                <code className="verification-hash">{event.hash}</code>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
