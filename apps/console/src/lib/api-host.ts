import { API_PREFIX } from '@sello/contracts/endpoint';
import { storage } from './storage.ts';

/** The storage key of the API host. It survives logout: it is not user data. */
export const HOST_KEY = 'host';

let hostPromise: Promise<string> | null = null;

/**
 * The API host: from local storage when set there, otherwise from UtilityServlet (same origin
 * answers an empty host), falling back to the page's own origin for local development.
 */
export function resolveHost(): Promise<string> {
  const stored = storage.get(HOST_KEY);
  if (stored !== null) return Promise.resolve(stored);
  hostPromise ??= fetch(`${API_PREFIX}security/UtilityServlet`, { credentials: 'same-origin' })
    .then(async (response) => (response.ok ? ((await response.json()) as { host: string }).host : ''))
    .catch(() => '');
  return hostPromise;
}

export function resetHostCache(): void {
  hostPromise = null;
}
