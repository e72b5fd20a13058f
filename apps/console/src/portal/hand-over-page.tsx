import type { TPortalHandOverOpened } from '@sello/contracts/catalogue/portal-hand-over';
import { useEffect, useState } from 'react';
import { PortalError, portalApi } from './portal-api.ts';
import { PortalHeader } from './portal-header.tsx';
import { PortalPage } from './portal-page.tsx';
import { portalErrorText } from './portal-texts.ts';
import { usePortalLanguage } from './use-portal-language.ts';

type TState = { kind: 'opening' } | { kind: 'open'; opened: TPortalHandOverOpened } | { kind: 'refused'; key?: string };

/** One opening per one-time access in this page, however often React runs the effect (strict mode runs it twice). */
const openings = new Map<string, Promise<TPortalHandOverOpened>>();

function openOnce(token: string): Promise<TPortalHandOverOpened> {
  let opening = openings.get(token);
  if (!opening) {
    opening = portalApi.openHandOver(token);
    openings.set(token, opening);
  }
  return opening;
}

/**
 * A receiver's page handed over at the desk: the one-time access in the address is spent once (the server records
 * the hand-over then) and leaves the address, and the page goes on with the access the server answered, kept only
 * in memory: a reload, or a second visit to the address, finds the access spent.
 */
export function HandOverPage({ token, kiosk }: { token: string | null; kiosk: boolean }) {
  const [state, setState] = useState<TState>(token ? { kind: 'opening' } : { kind: 'refused' });
  const { language, choose, t } = usePortalLanguage({ kind: 'loading' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    openOnce(token).then(
      (opened) => {
        if (!live) return;
        window.history.replaceState(null, '', kiosk ? '#/kiosk' : '#/h');
        setState({ kind: 'open', opened });
      },
      (caught: unknown) => {
        // A spent, expired or unknown access is the common case; anything else (too many tries) says what it is.
        const key = caught instanceof PortalError && caught.status !== 401 ? caught.key : undefined;
        if (live) setState({ kind: 'refused', key });
      },
    );
    return () => {
      live = false;
    };
  }, [token, kiosk]);

  if (state.kind === 'open') return <PortalPage token={state.opened.token} kiosk={state.opened.kiosk} />;
  return (
    <div className={kiosk ? 'portal portal-kiosk' : 'portal'}>
      <PortalHeader language={language} onChoose={choose} t={t} />
      <main className="portal-main">
        {state.kind === 'opening' ? (
          <p>{t('loading')}</p>
        ) : (
          <p className="portal-end portal-end-bad" role="alert" data-testid="hand-over-refused">
            {state.key ? portalErrorText(language, state.key) : t('handOverSpent')}
          </p>
        )}
      </main>
    </div>
  );
}
