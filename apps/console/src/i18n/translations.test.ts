import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUTHORISATION_DECISIONS,
  SHIPPING_DOCUMENT_KINDS,
  ZShippingReceiver,
} from '@sello/contracts/catalogue/shippings-detail';
import { LANGUAGES } from '@sello/contracts/constants';
import {
  DOWNLOAD_OPTIONS,
  IDENTIFICATION_SUBSTATES,
  PIN_SIGNATURE_TEXT_VALUES,
  RESULT_FILTERS,
  SHIPPING_STATE_FILTERS,
  SITUATION_REASONS,
} from '@sello/contracts/enums';
import { ERROR_KEYS, MESSAGE_KEYS } from '@sello/contracts/error-keys';
import { EVIDENCE_GROUPS, NON_STATE_EVENTS } from '@sello/contracts/evidence-groups';
import { ROLE_STRINGS } from '@sello/contracts/roles';
import { MENU_ENTRIES } from '@sello/contracts/routes';
import { SHIPPING_ACTIONS } from '@sello/contracts/shipping-lifecycle';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');
const LOCALES_ROOT = path.resolve(import.meta.dirname, '../../public/locales');

const translations = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(path.join(LOCALES_ROOT, `${language}.json`), 'utf8')) as Record<string, unknown>,
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, unknown>>;

const allKeys = [...new Set(Object.values(translations).flatMap((table) => Object.keys(table)))].sort();

/** `language: key` for every key of `keys` that some language lacks (a plural key counts by its `_one` and `_other`). */
function missing(keys: readonly string[]): string[] {
  const has = (language: (typeof LANGUAGES)[number], key: string) =>
    key in translations[language] ||
    (`${key}_one` in translations[language] && `${key}_other` in translations[language]);
  return LANGUAGES.flatMap((language) => keys.filter((key) => !has(language, key)).map((key) => `${language}: ${key}`));
}

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Source files of the console, tests excluded. */
function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SOURCE_ROOT, file));
}

describe('translations', () => {
  it('has the same keys in every language', () => {
    expect(missing(allKeys)).toEqual([]);
  });

  it('has no empty text in any language', () => {
    const empty = LANGUAGES.flatMap((language) =>
      Object.entries(translations[language])
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => `${language}: ${key}`),
    );
    expect(empty).toEqual([]);
  });

  it('translates every error and message key of the contracts', () => {
    expect(missing([...ERROR_KEYS, ...MESSAGE_KEYS])).toEqual([]);
  });

  it('translates every menu entry and its hint (the home entry has no hint)', () => {
    const keys = MENU_ENTRIES.flatMap((entry) =>
      entry.key === 'MENU_HOME' ? [entry.key] : [entry.key, `${entry.key}_HINT`],
    );
    expect(missing(keys)).toEqual([]);
  });

  it('uses the same {{placeholders}} in every language', () => {
    const differing = allKeys.filter((key) => {
      const [first, ...others] = LANGUAGES.map((language) => placeholders(translations[language][key]).join(','));
      return others.some((other) => other !== first);
    });
    expect(differing).toEqual([]);
  });

  it("translates every literal key the console source passes to t('KEY') or to an alert", () => {
    const patterns = [
      /\bt\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
      /\bnotify\.\w+\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
      /\bshowAlert\(\s*['"]\w+['"]\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
    ];
    const used = new Set<string>();
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(20);
    expect(missing([...used].sort())).toEqual([]);
  });

  it('translates every UPPER_SNAKE string literal of the console source (labels handed to t() indirectly)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles()) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g))
        used.add(match[1] ?? '');
    }
    expect(used).toContain('LEGAL_NOTICE');
    expect(missing([...used].sort())).toEqual([]);
  });

  it('words counts through plural forms: a text with {{count}} is the _other of a _one/_other pair', () => {
    // A bare number after a label ("Enviados: 3") reads the same for any count.
    const bareNumbers = new Set(['DASHBOARD_BAR_LABEL']);
    const unpaired = LANGUAGES.flatMap((language) =>
      Object.entries(translations[language])
        .filter(([key, text]) => String(text).includes('{{count}}') && !bareNumbers.has(key))
        .filter(([key]) => !key.endsWith('_other') || !(`${key.slice(0, -6)}_one` in translations[language]))
        .map(([key]) => `${language}: ${key}`),
    );
    expect(unpaired).toEqual([]);
  });

  it('translates every role name the account page shows', () => {
    expect(missing(Object.values(ROLE_STRINGS).map((role) => `ROLE_${role}`))).toEqual([]);
  });

  it('translates every value the shippings screens turn into a label', () => {
    const keys = [
      ...SHIPPING_STATE_FILTERS.map((state) => `SHIPPING_STATE_${state}`),
      ...RESULT_FILTERS.map((result) => `SHIPPING_RESULT_${result}`),
      ...SHIPPING_DOCUMENT_KINDS.map((kind) => `DOCUMENT_KIND_${kind}`),
      ...ZShippingReceiver.shape.status.options.map((status) => `RECEIVER_STATUS_${status}`),
      ...['create', ...SHIPPING_ACTIONS, ...NON_STATE_EVENTS].map((action) => `EVENT_ACTION_${action}`),
      ...AUTHORISATION_DECISIONS.map((decision) => `AUTHORISATION_${decision.toUpperCase()}`),
      ...DOWNLOAD_OPTIONS.map((option) => `DOWNLOAD_OPTION_${option}`),
      ...EVIDENCE_GROUPS.map((group) => `EVIDENCE_GROUP_${group}`),
      ...SITUATION_REASONS.map((reason) => `SITUATION_REASON_${reason}`),
      ...IDENTIFICATION_SUBSTATES.map((substate) => `IDENTIFICATION_SUBSTATE_${substate}`),
      ...PIN_SIGNATURE_TEXT_VALUES.map((value) => `PIN_TEXT_${value}`),
    ];
    expect(missing(keys)).toEqual([]);
  });
});
