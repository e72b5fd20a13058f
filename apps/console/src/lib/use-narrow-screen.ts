import { useSyncExternalStore } from 'react';

/** Below this width the console is laid out for a phone (the header's drawer, the lists' cards). */
const NARROW_QUERY = '(max-width: 899.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is phone-narrow now; follows the window as it changes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
