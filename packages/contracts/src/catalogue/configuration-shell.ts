import { z } from 'zod';
import { ZLanguage, ZOk, ZPreferenceValue } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZFeedback } from '../feedback.ts';

// The configuration calls the console shell makes before any screen loads. They live apart from the
// combos so the first load of /login does not carry the reference data those need.

export const ZOtherConfig = z.object({
  manualUrlEs: z.string().nullable(),
  manualUrlEn: z.string().nullable(),
  manualUrlPt: z.string().nullable(),
  videoTutorialsUrl: z.string().nullable(),
  releasesUrl: z.string().nullable(),
  legalNoticeUrl: z.string().nullable(),
  privacyPolicyUrl: z.string().nullable(),
  cookiePolicyUrl: z.string().nullable(),
  /** Largest feedback/upload attachment, KB. */
  fileUploadMaxSizeKb: z.number().int().positive(),
  sessionTimeMinutes: z.number().positive(),
  refreshTimeMinutes: z.number().positive(),
});
export type TOtherConfig = z.infer<typeof ZOtherConfig>;

/** A file type a shipping document may be; only signable types can carry a signature or the evidence seal. */
export const ZLanguageItem = z.object({ value: ZLanguage, text: z.string() });

/** `lang` picks the language of the texts; without it, the signed-in user's language. */
export const configurationShellApi = {
  getOtherConfig: defineEndpoint({
    id: 'configuration.getOtherConfig',
    method: 'GET',
    path: 'configuration/getOtherConfig',
    summary: 'Help URLs, footer links and shell settings',
    permission: 'public',
    response: ZOtherConfig,
  }),
  getPreference: defineEndpoint({
    id: 'configuration.getPreference',
    method: 'GET',
    path: 'configuration/getPreference',
    summary: 'One preference value by name (only preferences the console reads; others answer null)',
    permission: 'session',
    query: z.object({ preference: z.string().min(1).max(100) }),
    response: ZPreferenceValue,
  }),
  getPreferenceSmsMaxCharacters: defineEndpoint({
    id: 'configuration.getPreferenceSmsMaxCharacters',
    method: 'GET',
    path: 'configuration/getPreferenceSmsMaxCharacters',
    summary: 'Largest SMS text length',
    permission: 'session',
    response: ZPreferenceValue,
  }),
  busLanguages: defineEndpoint({
    id: 'configuration.busLanguages',
    method: 'GET',
    path: 'configuration/busLanguages',
    summary: 'Languages the console offers',
    permission: 'public',
    response: z.array(z.object({ value: z.string(), text: z.string() })),
  }),
  sendFeedback: defineEndpoint({
    id: 'configuration.sendFeedback',
    method: 'POST',
    path: 'configuration/sendFeedback',
    summary: 'Store a report sent from the contact form and mail it to support',
    permission: 'public',
    body: ZFeedback,
    response: ZOk,
  }),
} as const;
