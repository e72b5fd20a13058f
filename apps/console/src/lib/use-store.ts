import { useSyncExternalStore } from 'react';
import type { TStore } from './create-store.ts';

export function useStore<T>(store: TStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
