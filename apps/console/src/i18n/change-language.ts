import { accountApi } from '@sello/contracts/catalogue/account';
import type { Language } from '@sello/contracts/constants';
import { hasAll, type TPermissionMap } from '@sello/contracts/permissions';
import { PATHS } from '@sello/contracts/routes';
import i18next from 'i18next';
import { notify } from '../alerts/alert-store.ts';
import { callEndpoint } from '../api/http-client.ts';
import { session } from '../session/session-store.ts';
import { rememberLanguage } from './language.ts';

/**
 * Spec §4: the `lang` cookie until 2099-12-31, the account's language through `updateLanguage`
 * (KO_UPDATE_ACCOUNT on failure), then home with the shipping-list permission, else administration.
 */
export async function changeLanguage(
  language: Language,
  navigate: (path: string) => void,
  signedIn: { loggedIn: boolean; permissions: TPermissionMap },
): Promise<void> {
  rememberLanguage(language);
  await i18next.changeLanguage(language);
  if (!signedIn.loggedIn) return;
  try {
    await callEndpoint(accountApi.updateLanguage, { body: { language } });
    session.updateUser({ language });
  } catch {
    // The navigation below clears alerts: this one must outlive it to be seen.
    notify.error('KO_UPDATE_ACCOUNT', { persistent: true });
  }
  navigate(hasAll(signedIn.permissions, ['shippingList']) ? PATHS.home : PATHS.administration);
}

/** After sign-in the console speaks the account's language. */
export async function adoptAccountLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
