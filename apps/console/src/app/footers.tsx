import type { TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { useTranslation } from 'react-i18next';

function Copyright() {
  const { t } = useTranslation();
  return <span>{t('COPYRIGHT', { year: new Date().getFullYear() })}</span>;
}

/** Dark bar of the home and login pages: copyright of the current year and the legal notice. */
export function PublicFooter({ config }: { config: TOtherConfig | undefined }) {
  const { t } = useTranslation();
  return (
    <footer className="footer footer-dark" data-testid="footer-public">
      <Copyright />
      {config?.legalNoticeUrl && (
        <a href={config.legalNoticeUrl} target="_blank" rel="noreferrer">
          {t('LEGAL_NOTICE')}
        </a>
      )}
    </footer>
  );
}

/** Light bar of the other signed-in pages: copyright, policies and the report-an-error link. */
export function SignedInFooter({
  config,
  onReportError,
}: {
  config: TOtherConfig | undefined;
  onReportError: () => void;
}) {
  const { t } = useTranslation();
  const links: [string | null | undefined, string][] = [
    [config?.legalNoticeUrl, 'LEGAL_NOTICE'],
    [config?.privacyPolicyUrl, 'PRIVACY_POLICY'],
    [config?.cookiePolicyUrl, 'COOKIE_POLICY'],
  ];
  return (
    <footer className="footer footer-light" data-testid="footer-signed-in">
      <Copyright />
      {links.map(([url, key]) =>
        url ? (
          <a key={key} href={url} target="_blank" rel="noreferrer">
            {t(key)}
          </a>
        ) : null,
      )}
      <button type="button" className="link-button" onClick={onReportError} data-testid="report-error">
        {t('REPORT_ERROR')}
      </button>
    </footer>
  );
}
