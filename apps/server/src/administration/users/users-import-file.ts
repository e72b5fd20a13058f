import { USERS_IMPORT_MAX_ROWS } from '@sello/contracts/catalogue/administration-users';
import { LANGUAGES } from '@sello/contracts/constants';
import { readImportFile, type TImportFile } from '../../platform/import-file.ts';
import { exportLabels } from '../export-labels.ts';

/** A header as the reader compares it: without case, surrounding or inner spaces, underscores or dashes. */
const compact = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** The export's column of each import column (`users/export`), so that an export, edited, goes back in. */
const EXPORT_LABELS = {
  userid: 'userid',
  name: 'name',
  email: 'email',
  role: 'role',
  language: 'language',
  companies: 'companies',
  groups: 'sheetGroups',
  active: 'active',
} as const;

/**
 * A few common spellings of the user import's columns (after normalisation), and the headers of the users export
 * in each console language.
 */
const USER_COLUMN_ALIASES: Record<string, string> = {
  ...Object.fromEntries(
    LANGUAGES.flatMap((language) =>
      Object.entries(EXPORT_LABELS).map(([column, label]) => [compact(exportLabels(language).label(label)), column]),
    ),
  ),
  username: 'userid',
  user: 'userid',
  login: 'userid',
  mail: 'email',
};

/** Reads a user import file, accepting the common spellings of its column names. */
export function readUserImportFile(bytes: Buffer): Promise<TImportFile> {
  return readImportFile(bytes, USER_COLUMN_ALIASES, { maxRows: USERS_IMPORT_MAX_ROWS });
}
