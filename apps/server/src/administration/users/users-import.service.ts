import {
  type TUsersImportResult,
  USERS_IMPORT_MAX_BYTES,
  USERS_IMPORT_MAX_ROWS,
} from '@sello/contracts/catalogue/administration-users';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@sello/contracts/constants';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { isEmail, isUsername } from '@sello/contracts/patterns';
import { PERMISSION_FLAGS, type PermissionFlag, toPermissionMap } from '@sello/contracts/permissions';
import { LANGUAGE_NAMES } from '@sello/contracts/reference/language-names';
import { ROLE_NAMES } from '@sello/contracts/reference/status-labels';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertAdministrator, companyScope } from '../../platform/admin-access.ts';
import { ApiError, notFound } from '../../platform/api-error.ts';
import { decodeDataUrl } from '../../platform/attachment-check.ts';
import { type TImportFile, type TImportRow, toImportFileFieldError } from '../../platform/import-file.ts';
import { ImportFileError } from '../../platform/import-read-budget.ts';
import type { TMailer } from '../../platform/mailer.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { resolveDomainScope } from '../../platform/tenancy.ts';
import { createToken } from '../../platform/tokens.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import { hashPassword } from '../../security/passwords.ts';
import { issueRecoveryLink, mailRecoveryLink } from '../../security/recovery-links.ts';
import { selectLiveDomainId } from '../admin.queries.ts';
import { selectLiveCompaniesByTaxId } from '../companies/companies.queries.ts';
import { selectLiveGroupsByName } from '../groups/groups.queries.ts';
import { createRolesService, type TRole } from '../roles/roles.service.ts';
import {
  insertUser,
  replaceUserCompanies,
  replaceUserGroups,
  selectLiveUsernames,
  type TUserValues,
} from './users.queries.ts';
import { resolvePermissions } from './users.service.ts';
import { readUserImportFile } from './users-import-file.ts';

type Deps = {
  db: Kysely<Database>;
  mailer: TMailer;
  preferences: TPreferences;
  logger: FastifyBaseLogger;
  linkMinutes: number;
};
type TLink = Awaited<ReturnType<typeof issueRecoveryLink>>;

type TFailure = TUsersImportResult['failed'][number];
type TCandidate = { line: number; values: TUserValues; companyIds: number[]; groupIds: number[] };

const REQUIRED_COLUMNS = ['userid', 'name', 'email', 'role'];
const TRUE_WORDS = new Set(['', 'true', '1', 'yes', 'y', 'si', 'sí', 'sim', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'não', 'nao']);
const KNOWN_FLAGS = new Set<string>(PERMISSION_FLAGS);

/** A language by its code, or by its name in any console language (as the users export writes it). */
function languageOf(text: string): string {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return DEFAULT_LANGUAGE;
  const named = LANGUAGES.find((code) =>
    Object.values(LANGUAGE_NAMES[code]).some((name) => name.toLowerCase() === wanted),
  );
  return named ?? wanted;
}

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(/[;|]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

export function createUsersImportService({ db, mailer, preferences, logger, linkMinutes }: Deps) {
  const roles = createRolesService(db);

  /** Checks one row; answers the user to create or the failures of the row, one per bad column. */
  function checkRow(
    principal: TPrincipal,
    row: TImportRow,
    lookups: {
      roles: TRole[];
      companies: Map<string, string>;
      groups: Map<string, string>;
      takenUsernames: Set<string>;
      seenUsernames: Map<string, number>;
    },
  ): TCandidate | TFailure[] {
    const failures: TFailure[] = [];
    const fail = (field: string, key: ErrorKey) => failures.push({ line: row.line, field, key });
    const cells = row.cells;

    const userid = cells.userid ?? '';
    if (userid === '') fail('userid', 'ERR_FIELD_REQUIRED');
    else if (!isUsername(userid)) fail('userid', 'ERR_PATTERN_USERNAME');
    else if (lookups.seenUsernames.get(userid.toLowerCase()) !== row.line) fail('userid', 'ERR_DUPLICATE_IN_FILE');
    else if (lookups.takenUsernames.has(userid.toLowerCase())) fail('userid', 'ERR_CONFLICT');

    const name = cells.name ?? '';
    if (name === '') fail('name', 'ERR_FIELD_REQUIRED');
    else if (name.length > 200) fail('name', 'ERR_FIELD_TOO_LONG');

    const email = cells.email ?? '';
    if (email === '') fail('email', 'ERR_FIELD_REQUIRED');
    else if (email.length > 200 || !isEmail(email)) fail('email', 'ERR_EMAIL_INVALID');

    const language = languageOf(cells.language ?? '');
    if (!(LANGUAGES as readonly string[]).includes(language)) fail('language', 'ERR_FIELD_INVALID');

    const roleText = (cells.role ?? '').toLowerCase();
    const role = lookups.roles.find(
      (entry) =>
        entry.code === roleText ||
        entry.name.toLowerCase() === roleText ||
        Object.values(ROLE_NAMES[entry.code] ?? {}).some((name) => name.toLowerCase() === roleText),
    );
    if (roleText === '') fail('role', 'ERR_FIELD_REQUIRED');
    else if (!role) fail('role', 'ERR_FIELD_INVALID');
    else if (!roles.mayAssign(principal, role)) fail('role', 'ERR_ROLE_NOT_ALLOWED');

    const companyIds: number[] = [];
    for (const taxId of splitList(cells.companies)) {
      const id = lookups.companies.get(taxId.toUpperCase());
      if (id === undefined) {
        fail('companies', 'ERR_NOT_FOUND');
        break;
      }
      if (!companyIds.includes(Number(id))) companyIds.push(Number(id));
    }
    // A plain administrator imports users into their own companies only (or they could not manage them).
    const scope = companyScope(principal);
    if (scope !== null && failures.every((failure) => failure.field !== 'companies')) {
      if (companyIds.length === 0 || companyIds.some((id) => !scope.includes(String(id)))) {
        fail('companies', 'ERR_COMPANY_NOT_ALLOWED');
      }
    }
    const groupIds: number[] = [];
    for (const groupName of splitList(cells.groups)) {
      const id = lookups.groups.get(groupName.toLowerCase());
      if (id === undefined) {
        fail('groups', 'ERR_NOT_FOUND');
        break;
      }
      if (!groupIds.includes(Number(id))) groupIds.push(Number(id));
    }

    const flags = splitList(cells.permissions);
    let permissions: string[] = [];
    if (flags.some((flag) => !KNOWN_FLAGS.has(flag))) fail('permissions', 'ERR_FIELD_INVALID');
    else if (role) {
      try {
        const requested = flags.length > 0 ? toPermissionMap(flags as PermissionFlag[]) : undefined;
        permissions = resolvePermissions(principal, requested, role.code, null);
      } catch {
        fail('permissions', 'ERR_PERMISSION_NOT_ALLOWED');
      }
    }

    const activeText = (cells.active ?? '').toLowerCase();
    const active = TRUE_WORDS.has(activeText);
    if (!active && !FALSE_WORDS.has(activeText)) fail('active', 'ERR_FIELD_INVALID');

    if (failures.length > 0 || !role) return failures;
    return {
      line: row.line,
      values: { username: userid, name, email, language, roles: [role.code], permissions, active, isSandbox: false },
      companyIds,
      groupIds,
    };
  }

  /**
   * Creates every user of the file in one transaction, or none: any bad row answers the report of
   * every failing line and nothing is written.
   */
  async function importUsers(
    principal: TPrincipal,
    domainid: number | undefined,
    dataUrl: string,
  ): Promise<TUsersImportResult> {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    if (!(await selectLiveDomainId(db, domainId))) throw notFound();
    const bytes = decodeDataUrl(dataUrl);
    if (bytes.length > USERS_IMPORT_MAX_BYTES) throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_MAX_FILE_SIZE' });
    let file: TImportFile;
    try {
      file = await readUserImportFile(bytes);
    } catch (error) {
      if (error instanceof ImportFileError) throw toImportFileFieldError('data', error);
      throw error;
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !file.columns.includes(column));
    if (missing.length > 0) {
      throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_FIELD_INVALID' }, { columns: missing.join(', ') });
    }
    if (file.rows.length === 0) throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_FILE_EMPTY' });
    if (file.rows.length > USERS_IMPORT_MAX_ROWS) {
      throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_TOO_MANY_ROWS' }, { max: USERS_IMPORT_MAX_ROWS });
    }

    const seenUsernames = new Map<string, number>();
    for (const row of file.rows) {
      const key = (row.cells.userid ?? '').toLowerCase();
      if (key !== '' && !seenUsernames.has(key)) seenUsernames.set(key, row.line);
    }
    const lookups = {
      roles: await roles.all(),
      companies: await selectLiveCompaniesByTaxId(db, domainId, [
        ...new Set(file.rows.flatMap((row) => splitList(row.cells.companies).map((id) => id.toUpperCase()))),
      ]),
      groups: await selectLiveGroupsByName(db, domainId, [
        ...new Set(file.rows.flatMap((row) => splitList(row.cells.groups).map((name) => name.toLowerCase()))),
      ]),
      takenUsernames: await selectLiveUsernames(db, [...seenUsernames.keys()]),
      seenUsernames,
    };
    const candidates: TCandidate[] = [];
    const failed: TFailure[] = [];
    for (const row of file.rows) {
      const checked = checkRow(principal, row, lookups);
      if (Array.isArray(checked)) failed.push(...checked);
      else candidates.push(checked);
    }
    if (failed.length > 0) return { created: 0, failed };

    // One argon2id hash of a random secret nobody keeps serves the whole file: hashing per row would
    // take seconds per hundred users, and no one can sign in before choosing a password by the link.
    const passwordHash = await hashPassword(createToken());
    let created: { candidate: TCandidate; userId: string; tokens: TLink }[];
    try {
      created = await db.transaction().execute(async (trx) => {
        const done: { candidate: TCandidate; userId: string; tokens: TLink }[] = [];
        for (const candidate of candidates) {
          const userId = await insertUser(trx, domainId, candidate.values, passwordHash);
          await replaceUserCompanies(trx, userId, candidate.companyIds);
          await replaceUserGroups(trx, userId, candidate.groupIds);
          const link = {
            userId,
            purpose: 'welcome' as const,
            createdBy: principal.userId,
            lifetimeMinutes: linkMinutes,
          };
          done.push({ candidate, userId, tokens: await issueRecoveryLink(trx, link) });
        }
        return done;
      });
    } catch (error) {
      // A username taken by another writer after the checks: the whole file is refused.
      if (!isUniqueViolation(error)) throw error;
      const taken = await selectLiveUsernames(db, [...seenUsernames.keys()]);
      const lines = candidates.filter((candidate) => taken.has(candidate.values.username.toLowerCase()));
      return { created: 0, failed: lines.map((line) => ({ line: line.line, field: 'userid', key: 'ERR_CONFLICT' })) };
    }
    // Welcome mails go out after the answer; a mail failure is logged and the user can ask for a new link.
    void (async () => {
      for (const { candidate, userId, tokens } of created) {
        const { email, username, language } = candidate.values;
        const user = { id: userId, email, username, language };
        await mailRecoveryLink({ db, mailer, preferences, logger }, user, tokens, 'welcome');
      }
    })().catch((error: unknown) => logger.error({ err: error }, 'welcome mails not recorded'));
    return { created: created.length, failed: [] };
  }

  return { importUsers };
}
