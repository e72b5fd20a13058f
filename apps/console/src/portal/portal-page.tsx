import { KioskBar } from './kiosk-bar.tsx';
import { OpenStep } from './open-step.tsx';
import { PortalHeader } from './portal-header.tsx';
import { PortalStep } from './portal-step.tsx';
import { portalErrorText } from './portal-texts.ts';
import { usePortalLanguage } from './use-portal-language.ts';
import { usePortalView } from './use-portal-view.ts';

/** The recipient's page of a link: the shipping, and the step the receiver is at (`kiosk`: handed over on screen). */
export function PortalPage({ token, kiosk = false }: { token: string | null; kiosk?: boolean }) {
  const { status, error, errorParams, busy, fail, attempt, run } = usePortalView(token);
  const { language, choose, t } = usePortalLanguage(status);
  const header = (
    <>
      <PortalHeader language={language} onChoose={choose} t={t} />
      {kiosk && <KioskBar t={t} />}
    </>
  );
  const shell = kiosk ? 'portal portal-kiosk' : 'portal';

  // A view is shown only for a token (without one the page never loads).
  if (status.kind !== 'ready' || !token) {
    return (
      <div className={shell}>
        {header}
        <main className="portal-main">
          {status.kind === 'loading' ? (
            <p>{t('loading')}</p>
          ) : (
            <p className="portal-end portal-end-bad" role="alert">
              {token ? portalErrorText(language, 'ERR_LINK_INVALID') : t('unknownLink')}
            </p>
          )}
        </main>
      </div>
    );
  }

  const { view } = status;
  return (
    <div className={shell}>
      {header}
      <main className="portal-main">
        <OpenStep token={token} view={view} language={language} t={t} onFail={fail} />
        {error && (
          <p className="portal-error" role="alert">
            {portalErrorText(language, error)}
            {errorParams.attemptsLeft !== undefined && ` ${t('attemptsLeft', { n: errorParams.attemptsLeft })}`}
          </p>
        )}
        <PortalStep token={token} view={view} t={t} busy={busy} run={run} attempt={attempt} language={language} />
      </main>
    </div>
  );
}
