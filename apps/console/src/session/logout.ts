import { securityApi } from '@sello/contracts/catalogue/security';
import { API_PREFIX } from '@sello/contracts/endpoint';
import { PATHS } from '@sello/contracts/routes';
import type { AlertKind } from '../alerts/alert-store.ts';
import { resolveHost } from '../lib/api-host.ts';
import { browser } from '../lib/browser.ts';
import { closeAllDialogs } from '../lib/dialogs.ts';
import { session } from './session-store.ts';

const PENDING_ALERT_KEY = 'sello_pending_alert';

export type TPendingAlert = { kind: AlertKind; key: string };

/** Ends the session on the server when possible, clears what is stored and reloads /login with a time-stamp. */
export function logout(reason?: TPendingAlert, endOnServer: (path: string) => Promise<unknown> = defaultEnd): void {
  closeAllDialogs();
  if (session.isLoggedIn()) void endOnServer(securityApi.logout.path).catch(() => {});
  session.clear();
  if (reason) sessionStorage.setItem(PENDING_ALERT_KEY, JSON.stringify(reason));
  browser.reloadAt(`${PATHS.login}?t=${Date.now()}`);
}

/** Ends the session (server and browser) and reloads `hashPath`: a page that must be seen signed out (spec §2 /pwdrcvmail). */
export function logoutAndReload(hashPath: string, endOnServer: (path: string) => Promise<unknown> = defaultEnd): void {
  closeAllDialogs();
  if (session.isLoggedIn()) void endOnServer(securityApi.logout.path).catch(() => {});
  session.clear();
  browser.reloadAt(hashPath);
}

/**
 * Ends the session (on the server first, then in the browser) and leaves the console for `url`: a page handed
 * over to someone else (the kiosk view) must find no session to go back to.
 */
export async function logoutAndLeave(
  url: string,
  endOnServer: (path: string) => Promise<unknown> = defaultEnd,
): Promise<void> {
  closeAllDialogs();
  if (session.isLoggedIn()) await endOnServer(securityApi.logout.path).catch(() => {});
  session.clear();
  browser.leaveFor(url);
}

/** The message a logout asked to show on the login page after the reload, read once. */
export function takePendingAlert(): TPendingAlert | null {
  const raw = sessionStorage.getItem(PENDING_ALERT_KEY);
  sessionStorage.removeItem(PENDING_ALERT_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TPendingAlert;
  } catch {
    return null;
  }
}

/** The server-side logout, at the configured API host as every other call (the token is read before it is cleared). */
function defaultEnd(path: string): Promise<unknown> {
  const token = session.token();
  return resolveHost().then((host) =>
    fetch(`${host}${API_PREFIX}${path}`, { headers: token ? { 'auth-token': token } : {}, keepalive: true }),
  );
}
