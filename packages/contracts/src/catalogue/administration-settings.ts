import { z } from 'zod';
import { ZDomainIdQuery, ZIdField } from '../common.ts';
import { PREFERENCES } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { DOMAINS } from './administration-common.ts';

/** How a setting is entered and checked: a whole number in a range, an address, or a short text. */
export type TSettingKind = 'number' | 'url' | 'text';

export type TSettingDefinition = {
  name: string;
  kind: TSettingKind;
  min?: number;
  max?: number;
  /** A domain may set its own value; without one it follows the platform's. */
  perDomain?: boolean;
  /** Shown under the field: the unit or what an empty value means. */
  group: 'session' | 'limits' | 'links' | 'help';
};

/** Every preference spec §7 names, the footer and help menu addresses, each with the range the screen enforces. */
export const SETTINGS: readonly TSettingDefinition[] = [
  { name: PREFERENCES.sessionTime, kind: 'number', min: 5, max: 720, perDomain: true, group: 'session' },
  { name: PREFERENCES.refreshTime, kind: 'number', min: 1, max: 1440, group: 'session' },
  { name: PREFERENCES.fileUploadMaxSize, kind: 'number', min: 100, max: 51_200, group: 'limits' },
  { name: PREFERENCES.smsMaxCharacters, kind: 'number', min: 70, max: 1530, group: 'limits' },
  { name: PREFERENCES.numDownload, kind: 'number', min: 1, max: 1000, group: 'limits' },
  { name: PREFERENCES.eDeliveryServices, kind: 'text', max: 500, group: 'limits' },
  { name: PREFERENCES.consoleUrl, kind: 'url', group: 'links' },
  { name: 'LEGAL_NOTICE_URL', kind: 'url', group: 'links' },
  { name: 'PRIVACY_POLICY_URL', kind: 'url', group: 'links' },
  { name: 'COOKIE_POLICY_URL', kind: 'url', group: 'links' },
  { name: 'MANUAL_URL_ES', kind: 'url', group: 'help' },
  { name: 'MANUAL_URL_EN', kind: 'url', group: 'help' },
  { name: 'MANUAL_URL_PT', kind: 'url', group: 'help' },
  { name: 'VIDEO_TUTORIALS_URL', kind: 'url', group: 'help' },
  { name: 'RELEASES_URL', kind: 'url', group: 'help' },
];

export const SETTING_URL_MAX = 500;

/** An http(s) address, or a path of this site (`/legal.html#privacy`); never `//host` nor another scheme. */
const ZSettingUrl = z
  .string()
  .trim()
  .max(SETTING_URL_MAX, 'ERR_FIELD_TOO_LONG')
  .refine((value) => {
    if (value === '') return true;
    if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'ERR_URL_INVALID');

/** The schema of one setting's value; an empty text means "not set" (the default applies). */
export function settingValueSchema(definition: TSettingDefinition): z.ZodType<number | string> {
  if (definition.kind === 'number') {
    return z
      .number('ERR_FIELD_INVALID')
      .int('ERR_FIELD_INVALID')
      .min(definition.min ?? 0, 'ERR_SETTING_OUT_OF_RANGE')
      .max(definition.max ?? Number.MAX_SAFE_INTEGER, 'ERR_SETTING_OUT_OF_RANGE');
  }
  if (definition.kind === 'url') return ZSettingUrl;
  return z
    .string()
    .trim()
    .max(definition.max ?? 500, 'ERR_FIELD_TOO_LONG');
}

const settingsShape = Object.fromEntries(
  SETTINGS.map((definition) => [definition.name, settingValueSchema(definition).optional()]),
) as Record<string, z.ZodOptional<z.ZodType<number | string>>>;

/** A change of some platform settings: only the names given change; unknown names are refused. */
export const ZPlatformSettingsUpdate = z.strictObject(settingsShape);
export type TPlatformSettingsUpdate = z.infer<typeof ZPlatformSettingsUpdate>;

/** Every setting with its stored value (null: not set, the default applies). */
export const ZPlatformSettings = z.object({ values: z.record(z.string(), z.string().nullable()) });
export type TPlatformSettings = z.infer<typeof ZPlatformSettings>;

const sessionTime = SETTINGS.find((definition) => definition.name === PREFERENCES.sessionTime)!;

/** A domain's own settings; `sessionTimeMinutes` null: the platform's length applies. */
export const ZDomainSettings = z.object({
  domainId: ZIdField,
  sessionTimeMinutes: z.number().int().nullable(),
  platformSessionTimeMinutes: z.number().int(),
});
export type TDomainSettings = z.infer<typeof ZDomainSettings>;

export const ZDomainSettingsUpdate = z.strictObject({
  domainId: ZIdField,
  sessionTimeMinutes: (settingValueSchema(sessionTime) as z.ZodNumber).nullable(),
});
export type TDomainSettingsUpdate = z.infer<typeof ZDomainSettingsUpdate>;

const SUPER = { roles: ['superAdmin'] } as const;

export const settingsApi = {
  read: defineEndpoint({
    id: 'administration.settingsRead',
    method: 'GET',
    path: 'administration/settings/read',
    summary: 'Platform settings (spec §7 preferences, footer and help addresses): super admins',
    permission: SUPER,
    beyondSpec: true,
    response: ZPlatformSettings,
  }),
  update: defineEndpoint({
    id: 'administration.settingsUpdate',
    method: 'PUT',
    path: 'administration/settings/update',
    summary: 'Change platform settings, each within its range; audited and applied on every server copy at once',
    permission: SUPER,
    beyondSpec: true,
    body: ZPlatformSettingsUpdate,
    response: ZPlatformSettings,
  }),
  domain: defineEndpoint({
    id: 'administration.settingsDomain',
    method: 'GET',
    path: 'administration/settings/domain',
    summary: "A domain's own settings (its session length): its domain admin, or a super admin",
    permission: DOMAINS,
    beyondSpec: true,
    query: ZDomainIdQuery,
    response: ZDomainSettings,
  }),
  updateDomain: defineEndpoint({
    id: 'administration.settingsUpdateDomain',
    method: 'PUT',
    path: 'administration/settings/updateDomain',
    summary: "Change a domain's own settings; audited and applied on every server copy at once",
    permission: DOMAINS,
    beyondSpec: true,
    body: ZDomainSettingsUpdate,
    response: ZDomainSettings,
  }),
} as const;
