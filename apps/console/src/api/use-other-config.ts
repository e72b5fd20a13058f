import { configurationShellApi, type TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { LIMITS } from '@sello/contracts/constants';
import { useEffect } from 'react';
import { createStore } from '../lib/create-store.ts';
import { useStore } from '../lib/use-store.ts';
import { callEndpoint } from './http-client.ts';

/** Spec §9's checkout cache refresh (1,440 minutes): how long the console trusts configuration it has read. */
export const CHECKOUT_CACHE_REFRESH_MS = LIMITS.checkoutCacheRefresh * 60_000;

const otherConfig = createStore<TOtherConfig | undefined>(undefined);
/** When the configuration was last asked for (0: never). */
let requestedAt = 0;

/**
 * Help URLs, footer links and shell settings; read in the background on first use and read again by the first
 * screen that uses them once the checkout cache refresh has passed. A failed read leaves them as they were. A plain
 * store rather than TanStack Query keeps the query library out of the shell's initial JavaScript: only the
 * screens that need it load it.
 */
export function useOtherConfig(): { data: TOtherConfig | undefined } {
  useEffect(() => {
    if (requestedAt !== 0 && Date.now() - requestedAt < CHECKOUT_CACHE_REFRESH_MS) return;
    requestedAt = Date.now();
    callEndpoint(configurationShellApi.getOtherConfig, {}, { background: true }).then(otherConfig.set, () => {});
  });
  return { data: useStore(otherConfig) };
}

/** Reads the configuration again now (after an administrator changed a setting the shell shows). */
export function reloadOtherConfig(): Promise<void> {
  requestedAt = Date.now();
  return callEndpoint(configurationShellApi.getOtherConfig, {}, { background: true }).then(otherConfig.set, () => {});
}
