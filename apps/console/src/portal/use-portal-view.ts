import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { useCallback, useEffect, useState } from 'react';
import { PortalError, portalApi } from './portal-api.ts';
import type { TTranslate } from './portal-texts.ts';

export type TPortalStatus = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'ready'; view: TPortalView };

/** Runs an answer of the receiver: the page busy meanwhile, and the view it returns shown. */
export type TRunAnswer = (work: () => Promise<TPortalView | undefined>) => Promise<void>;

/**
 * The shipping as the link shows it (the server's open service), and the calls that change it: busy while one
 * runs, its error key and parameters kept for the page, a link that stopped working shown as such.
 */
export function usePortalView(token: string | null) {
  const [status, setStatus] = useState<TPortalStatus>(token ? { kind: 'loading' } : { kind: 'invalid' });
  const [error, setError] = useState<string | null>(null);
  const [errorParams, setErrorParams] = useState<Record<string, string | number>>({});
  const [busy, setBusy] = useState(false);

  const fail = useCallback((caught: unknown) => {
    if (caught instanceof PortalError && caught.status === 401) {
      setStatus({ kind: 'invalid' });
      return;
    }
    setError(caught instanceof PortalError ? (caught.key ?? 'unknown') : 'unknown');
    setErrorParams(caught instanceof PortalError ? caught.params : {});
  }, []);

  /** Runs `work` with the page busy and the last error cleared; `recover` after a failure. */
  const attempt = useCallback(
    async (work: () => Promise<void>, recover?: () => Promise<void>) => {
      if (!token) return;
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (caught) {
        fail(caught);
        await recover?.();
      } finally {
        setBusy(false);
      }
    },
    [token, fail],
  );

  const run: TRunAnswer = useCallback(
    (work) =>
      attempt(
        async () => {
          const view = await work();
          if (view) setStatus({ kind: 'ready', view });
        },
        // An answer that failed may still have changed the shipping (a wrong PIN, a bad photo).
        async () => {
          if (token) await portalApi.view(token).then((view) => setStatus({ kind: 'ready', view }), fail);
        },
      ),
    [attempt, token, fail],
  );

  useEffect(() => {
    if (!token) return;
    portalApi.view(token).then((view) => setStatus({ kind: 'ready', view }), fail);
  }, [token, fail]);

  return { status, error, errorParams, busy, fail, attempt, run };
}

/** What every step of the page gets: the link, the view, the texts and the way to answer. */
export type TPortalStepProps = {
  token: string;
  view: TPortalView;
  t: TTranslate;
  busy: boolean;
  run: TRunAnswer;
};
