import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import {
  CHANNELS,
  RESULT_FILTERS,
  SERVICE_KINDS,
  SHIPPING_STATE_FILTERS,
  SITUATION_CODES,
  SITUATION_REASONS,
} from '../enums.ts';
import { EVIDENCE_MAPPING } from '../evidence-groups.ts';
import { SERVICE_NAMES } from './services.ts';
import {
  CHANNEL_NAMES,
  EVENT_NAMES,
  formatDateTimeIn,
  labelOf,
  RECEIVER_STATUS_NAMES,
  RESULT_NAMES,
  SITUATION_CODE_NAMES,
  SITUATION_REASON_NAMES,
  STATE_NAMES,
} from './status-labels.ts';

const RECEIVER_STATUSES = ['pending', 'sent', 'delivered', 'opened', 'accepted', 'rejected', 'failed', 'expired'];

const TABLES = [
  ['service', SERVICE_NAMES, SERVICE_KINDS],
  ['channel', CHANNEL_NAMES, CHANNELS],
  ['state', STATE_NAMES, SHIPPING_STATE_FILTERS],
  ['result', RESULT_NAMES, RESULT_FILTERS],
  ['situation reason', SITUATION_REASON_NAMES, SITUATION_REASONS],
  ['situation code', SITUATION_CODE_NAMES, SITUATION_CODES],
  ['event', EVENT_NAMES, Object.keys(EVIDENCE_MAPPING)],
  ['receiver status', RECEIVER_STATUS_NAMES, RECEIVER_STATUSES],
] as const;

describe('status labels', () => {
  it.each(TABLES)('words every %s of the contracts in es, en and pt, none of them the code', (_, table, values) => {
    expect(Object.keys(table).sort()).toEqual([...values].sort());
    for (const value of values) {
      for (const language of LANGUAGES) {
        const text = (table as Record<string, Record<string, string>>)[value]![language]!;
        expect(text.trim().length, `${value} ${language}`).toBeGreaterThan(0);
        expect(text, `${value} ${language}`).not.toBe(value);
      }
    }
  });

  it('speaks the same words as the console for states, results, reasons and events', () => {
    for (const language of LANGUAGES) {
      const locale = JSON.parse(
        readFileSync(new URL(`../../../../apps/console/public/locales/${language}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      for (const state of SHIPPING_STATE_FILTERS)
        expect(STATE_NAMES[state][language]).toBe(locale[`SHIPPING_STATE_${state}`]);
      for (const result of RESULT_FILTERS)
        expect(RESULT_NAMES[result][language]).toBe(locale[`SHIPPING_RESULT_${result}`]);
      for (const event of Object.keys(EVIDENCE_MAPPING)) {
        expect(labelOf(EVENT_NAMES, event, language)).toBe(locale[`EVENT_ACTION_${event}`]);
      }
    }
  });

  it('falls back to the default language and shows an unknown code as it is', () => {
    expect(labelOf(STATE_NAMES, 'closed', 'fr-fr')).toBe(STATE_NAMES.closed['es-es']);
    expect(labelOf(STATE_NAMES, 'unheard_of', 'en-en')).toBe('unheard_of');
    expect(labelOf(STATE_NAMES, null, 'en-en')).toBe('');
  });

  it('names the time zone of a date and time', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(formatDateTimeIn(winter, 'en-en', 'Europe/Madrid')).toMatch(/13:00 (CET|GMT\+1)$/);
    expect(formatDateTimeIn(winter, 'pt-pt', 'Europe/Lisbon')).toMatch(/12:00 \S+$/);
    expect(formatDateTimeIn(winter, 'es-es', 'UTC')).toMatch(/12:00 UTC$/);
  });
});
