import { configurationShellApi, type TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { useEffect } from 'react';
import { createStore } from '../lib/create-store.ts';
import { useStore } from '../lib/use-store.ts';
import { callEndpoint } from './http-client.ts';

const otherConfig = createStore<TOtherConfig | undefined>(undefined);
let requested = false;

/**
 * Help URLs, footer links and shell settings; read once per page load, in the background. A failed
 * read leaves them unset, as before. A plain store rather than TanStack Query keeps the query library
 * out of the shell's initial JavaScript: only the screens that need it load it.
 */
export function useOtherConfig(): { data: TOtherConfig | undefined } {
  useEffect(() => {
    if (requested) return;
    requested = true;
    callEndpoint(configurationShellApi.getOtherConfig, {}, { background: true }).then(otherConfig.set, () => {});
  }, []);
  return { data: useStore(otherConfig) };
}
