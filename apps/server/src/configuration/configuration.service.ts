import type { TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { LANGUAGES, PREFERENCES, SESSION, VERSION_CHECK } from '@sello/contracts/constants';
import type { TPreferences } from '../preferences/preferences.service.ts';

/** Preferences a signed-in console may read through `getPreference`; anything else answers null. */
const READABLE_PREFERENCES = new Set<string>(Object.values(PREFERENCES));

export const DEFAULT_FILE_UPLOAD_MAX_SIZE_KB = 5120;

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  'es-es': 'Español',
  'en-en': 'English',
  'pt-pt': 'Português',
};

export function createConfigurationService(preferences: TPreferences) {
  return {
    async getOtherConfig(): Promise<TOtherConfig> {
      const get = preferences.get;
      return {
        manualUrlEs: await get('MANUAL_URL_ES'),
        manualUrlEn: await get('MANUAL_URL_EN'),
        manualUrlPt: await get('MANUAL_URL_PT'),
        videoTutorialsUrl: await get('VIDEO_TUTORIALS_URL'),
        releasesUrl: await get('RELEASES_URL'),
        legalNoticeUrl: await get('LEGAL_NOTICE_URL'),
        privacyPolicyUrl: await get('PRIVACY_POLICY_URL'),
        cookiePolicyUrl: await get('COOKIE_POLICY_URL'),
        fileUploadMaxSizeKb: await preferences.getNumber(
          PREFERENCES.fileUploadMaxSize,
          DEFAULT_FILE_UPLOAD_MAX_SIZE_KB,
        ),
        sessionTimeMinutes: await preferences.getNumber(PREFERENCES.sessionTime, SESSION.defaultMinutes),
        refreshTimeMinutes: await preferences.getNumber(PREFERENCES.refreshTime, VERSION_CHECK.defaultMinutes),
      };
    },
    async getPreference(name: string) {
      return { value: READABLE_PREFERENCES.has(name) ? await preferences.get(name) : null };
    },
    busLanguages: () => LANGUAGES.map((value) => ({ value, text: LANGUAGE_NAMES[value] })),
  };
}
