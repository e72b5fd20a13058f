import type { TPortalPinSent, TPortalView } from '@sello/contracts/catalogue/portal';
import type { TPortalHandOverOpened } from '@sello/contracts/catalogue/portal-hand-over';
import type { TPortalHandwriting } from '@sello/contracts/catalogue/portal-handwritten';
import type { TPortalPkiAccept, TPortalPkiPrepared } from '@sello/contracts/catalogue/portal-pki';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';

/** An error answer of the server: its key and parameters (attempts left, failures left). */
export class PortalError extends Error {
  readonly status: number;
  readonly key: string | undefined;
  readonly params: Record<string, string | number>;

  constructor(status: number, key: string | undefined, params: Record<string, string | number> = {}) {
    super(key ?? `HTTP ${status}`);
    this.status = status;
    this.key = key;
    this.params = params;
  }
}

const BASE = '/rest/services/portal/';

async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const response = await fetch(BASE + path, {
    method,
    headers: {
      [RECEIVER_TOKEN_HEADER]: token,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    credentials: 'omit',
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { key?: string; params?: Record<string, number> };
    throw new PortalError(response.status, answer.key, answer.params);
  }
  return response;
}

async function json<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return (await call(token, method, path, body)).json() as Promise<T>;
}

/** The recipient calls, each authenticated by the link token alone. */
export const portalApi = {
  view: (token: string) => json<TPortalView>(token, 'GET', 'shipping'),
  /** Spends a hand-over's one-time access (kiosk or QR) and answers the page's own access. */
  openHandOver: (token: string) => json<TPortalHandOverOpened>(token, 'POST', 'handOver/open'),
  acknowledge: (token: string) => json<TPortalView>(token, 'POST', 'acknowledge'),
  requestPin: (token: string) => json<TPortalPinSent>(token, 'POST', 'pin'),
  accept: (token: string, pin?: string) => json<TPortalView>(token, 'POST', 'accept', pin ? { pin } : {}),
  acceptHandwritten: (token: string, signature: TPortalHandwriting) =>
    json<TPortalView>(token, 'POST', 'accept/handwritten', signature),
  preparePki: (token: string, certificate: string) =>
    json<TPortalPkiPrepared>(token, 'POST', 'pki/prepare', { certificate }),
  acceptPki: (token: string, signatures: TPortalPkiAccept) =>
    json<TPortalView>(token, 'POST', 'pki/accept', signatures),
  reject: (token: string, reason: string, situationReason?: string) =>
    json<TPortalView>(token, 'POST', 'reject', { reason, ...(situationReason && { situationReason }) }),
  startIdentification: (token: string) => json<TPortalView>(token, 'POST', 'identification/start'),
  capture: (token: string, kind: string, content: string) =>
    json<TPortalView>(token, 'POST', 'identification/captures', { kind, content }),
  video: (token: string, content: string, language: string) =>
    json<TPortalView>(token, 'POST', 'identification/video', { content, consent: true, language }),
  finishIdentification: (token: string) => json<TPortalView>(token, 'POST', 'identification/finish'),
  document: async (token: string, position: number) => (await call(token, 'GET', `documents/${position}`)).blob(),
};

/** The link token of the page (`/portal/#/r/{token}`), or null when the address holds none. */
export function tokenFromHash(hash: string): string | null {
  return /^#\/r\/([A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null;
}

/**
 * A hand-over's one-time access in the address: the kiosk view (`#/kiosk/{token}`) or the phone's link (`#/h/…`);
 * `token` null once the page has dropped it from the address (a reload then finds nothing to open).
 */
export function handOverFromHash(hash: string): { token: string | null; kiosk: boolean } | null {
  const match = /^#\/(kiosk|h)(?:\/([A-Za-z0-9_-]{43}))?$/.exec(hash);
  return match ? { token: match[2] ?? null, kiosk: match[1] === 'kiosk' } : null;
}
