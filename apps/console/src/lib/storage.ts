import { LOCAL_STORAGE_PREFIX } from '@sello/contracts/constants';

/** Local storage with the spec's `frontendweb_` prefix on every key. */
export const storage = {
  get: (key: string): string | null => localStorage.getItem(LOCAL_STORAGE_PREFIX + key),
  set: (key: string, value: string): void => localStorage.setItem(LOCAL_STORAGE_PREFIX + key, value),
  remove: (key: string): void => localStorage.removeItem(LOCAL_STORAGE_PREFIX + key),
  /** Removes every prefixed key except those listed. */
  clearAll: (keep: readonly string[] = []): void => {
    const doomed: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(LOCAL_STORAGE_PREFIX) && !keep.includes(key.slice(LOCAL_STORAGE_PREFIX.length)))
        doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  },
};
