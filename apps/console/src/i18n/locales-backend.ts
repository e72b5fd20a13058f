import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Reads the translations of a language from /locales/{language}.json (one namespace). This is all the
 * console needs of a backend; i18next-http-backend did the same with several times the JavaScript.
 * As there, a network failure or a server error asks i18next to retry, another answer does not.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}.json`;
    fetch(url, { credentials: 'same-origin' }).then(
      (response) => {
        if (!response.ok) {
          callback(`${url}: ${response.status} ${response.statusText}`, response.status >= 500);
          return;
        }
        response.json().then(
          (data: Record<string, unknown>) => callback(null, data),
          () => callback(`${url}: not JSON`, false),
        );
      },
      (error: unknown) => callback(`${url}: ${String(error)}`, true),
    );
  },
};
