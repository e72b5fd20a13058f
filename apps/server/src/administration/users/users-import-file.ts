import { USERS_IMPORT_MAX_ROWS } from '@sello/contracts/catalogue/administration-users';
import { readImportFile, type TImportFile } from '../../platform/import-file.ts';

/** A few common spellings of the user import's columns (after normalisation). */
const USER_COLUMN_ALIASES: Record<string, string> = {
  username: 'userid',
  user: 'userid',
  login: 'userid',
  mail: 'email',
};

/** Reads a user import file, accepting the common spellings of its column names. */
export function readUserImportFile(bytes: Buffer): Promise<TImportFile> {
  return readImportFile(bytes, USER_COLUMN_ALIASES, { maxRows: USERS_IMPORT_MAX_ROWS });
}
