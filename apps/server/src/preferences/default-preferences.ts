import { PREFERENCES } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMissingPreferences } from './preferences.queries.ts';

/** Preference rows every installation starts with; values already present are kept. */
export function defaultPreferences(sessionMinutes: number) {
  return [
    { name: PREFERENCES.sessionTime, value: String(sessionMinutes), description: 'Console session length, minutes' },
    { name: PREFERENCES.refreshTime, value: '5', description: 'Minutes between console version checks' },
    { name: PREFERENCES.fileUploadMaxSize, value: '5120', description: 'Largest attachment, KB' },
    { name: PREFERENCES.smsMaxCharacters, value: '160', description: 'Largest SMS text length' },
    { name: PREFERENCES.numDownload, value: '50', description: 'Most shippings per documentation download' },
    {
      name: PREFERENCES.consoleUrl,
      value: null,
      description: 'Public URL of the console (links in messages); empty: the PUBLIC_URL setting',
    },
    { name: PREFERENCES.eDeliveryServices, value: '', description: 'E-delivery services offered' },
    { name: 'LEGAL_NOTICE_URL', value: '/legal.html#legal-notice', description: 'Footer: legal notice' },
    { name: 'PRIVACY_POLICY_URL', value: '/legal.html#privacy', description: 'Footer: privacy policy' },
    { name: 'COOKIE_POLICY_URL', value: '/legal.html#cookies', description: 'Footer: cookie policy' },
    { name: 'MANUAL_URL_ES', value: null, description: 'Help menu: user manual in Spanish' },
    { name: 'MANUAL_URL_EN', value: null, description: 'Help menu: user manual in English' },
    { name: 'MANUAL_URL_PT', value: null, description: 'Help menu: user manual in Portuguese' },
    { name: 'VIDEO_TUTORIALS_URL', value: null, description: 'Help menu: video tutorials' },
    { name: 'RELEASES_URL', value: null, description: 'Help menu: release notes' },
  ];
}

/** Inserts the preference rows an installation starts with (demo or not); values already present are kept. */
export async function seedPreferences(db: Kysely<Database>, sessionMinutes: number): Promise<void> {
  await insertMissingPreferences(db, defaultPreferences(sessionMinutes));
}
