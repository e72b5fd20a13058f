import { SESSION } from '@sello/contracts/constants';
import { dismissAlertsWithKey, notify } from '../alerts/alert-store.ts';
import { logout } from './logout.ts';
import { session } from './session-store.ts';

export type TSessionWatchDeps = {
  /** Asks the server for a new token; resolves with the new expiry (epoch ms). */
  refresh: () => Promise<number>;
  now?: () => number;
};

/**
 * Spec §4 session rules while signed in: expiry checked every 30 s, SESSION_END_INFO once under a
 * minute, logout with ERR_TKN_INVALID at expiry; on a click past half the session time, refresh.
 */
export function startSessionWatch({ refresh, now = Date.now }: TSessionWatchDeps): () => void {
  let warnedFor: number | null = null;
  let refreshing = false;

  const check = () => {
    const expiration = session.expiration();
    if (!session.isLoggedIn() || expiration === null) return;
    const left = expiration - now();
    if (left <= 0) {
      logout({ kind: 'error', key: 'ERR_TKN_INVALID' });
      return;
    }
    // A session kept (by the button, a click or any answer with a new token) takes its warning away.
    if (left >= SESSION.warningBeforeMs) dismissAlertsWithKey('SESSION_END_INFO');
    if (left < SESSION.warningBeforeMs && warnedFor !== expiration) {
      warnedFor = expiration;
      // Stays with its button until the session is kept or ends: the user may be typing elsewhere.
      notify.warning('SESSION_END_INFO', { sticky: true, action: { key: 'SESSION_KEEP', run: refreshNow } });
    }
  };

  /** Asks for a new token (one request at a time) and says how long the session now lasts. */
  const refreshNow = () => {
    if (refreshing || !session.isLoggedIn()) return;
    refreshing = true;
    refresh()
      .then((nextExpiration) => {
        const minutes = Math.round((nextExpiration - now()) / 60_000);
        if (minutes >= 1) notify.success('OK_TOKEN_REFRESH_WITH_MINUTES', { params: { minutes } });
        else notify.success('OK_TOKEN_REFRESH');
      })
      .catch(() => {})
      .finally(() => {
        refreshing = false;
      });
  };

  const onClick = () => {
    const expiration = session.expiration();
    const length = session.lengthMs();
    if (refreshing || !session.isLoggedIn() || expiration === null || length === null) return;
    const left = expiration - now();
    if (left <= 0) return check();
    if (left >= length * SESSION.refreshThresholdFraction) return;
    refreshNow();
  };

  const timer = setInterval(check, SESSION.expiryCheckMs);
  document.addEventListener('click', onClick, true);
  return () => {
    clearInterval(timer);
    document.removeEventListener('click', onClick, true);
  };
}
