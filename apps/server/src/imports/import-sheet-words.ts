import { IMPORT_FIELDS } from '@sello/contracts/catalogue/imports';
import type { TImportSettings } from '../db/import-schema.ts';
import { translate, translationsOf } from '../platform/console-words.ts';
import { normaliseHeader } from './import-columns.ts';

/** Fields an error may be about that are the import's settings, not a column. */
const IMPORT_SETTINGS_WORDS: Record<string, string> = {
  typeId: 'IMPORT_TYPE',
  channel: 'IMPORT_CHANNEL',
  companyId: 'IMPORT_COMPANY',
  templateId: 'IMPORT_TEMPLATE',
};

/**
 * The words of an import's errors file and report in the reader's language, as the console shows them: headers,
 * row states, error messages, and the column an error is about as the file names it.
 */
export function importSheetWords(language: string, settings: TImportSettings) {
  const word = (key: string) => translate(language, key);
  return {
    errorsSheet: word('IMPORT_ERRORS'),
    reportSheet: word('IMPORT_REPORT'),
    line: word('IMPORT_LINE'),
    column: word('IMPORT_COLUMN'),
    error: word('IMPORT_ERROR'),
    state: word('IMPORT_ROW_STATE'),
    shipping: word('IMPORT_SHIPPING'),
    rowState: (status: string) => word(`IMPORT_ROW_${status}`),
    message: (key: string | null) => (key ? word(key).replace(/\s*\{\{\s*\w+\s*\}\}/g, '') : ''),
    /** `receivers.0.email` → the file's header mapped to `email`, else the field's name in the language. */
    columnOf(field: string | null): string {
      if (!field) return '';
      const name = field.split('.').at(-1)!;
      const key = Object.entries(settings.mapping).find(([, mapped]) => mapped === name)?.[0];
      const header = settings.columns.find((column) => column.key === key)?.header;
      if (header) return header;
      if ((IMPORT_FIELDS as readonly string[]).includes(name)) return word(`IMPORT_FIELD_${name}`);
      return IMPORT_SETTINGS_WORDS[name] ? word(IMPORT_SETTINGS_WORDS[name]) : field;
    },
  };
}

/** The line column of an errors file, in whichever of the three languages it was written. */
export function isLineHeader(header: string): boolean {
  return translationsOf('IMPORT_LINE').some((name) => normaliseHeader(name) === normaliseHeader(header));
}
