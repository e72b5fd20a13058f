import type { TUserDetail, TUserInput, TUserRow, TUserUpdate } from '@sello/contracts/catalogue/administration-users';
import type { TExportQuery, TPagedQuery, TPickerItem } from '@sello/contracts/common';
import { type Language, LIMITS } from '@sello/contracts/constants';
import {
  PERMISSION_FLAGS,
  type PermissionFlag,
  type TPermissionMap,
  toPermissionMap,
} from '@sello/contracts/permissions';
import { LANGUAGE_NAMES } from '@sello/contracts/reference/language-names';
import { labelOf, ROLE_NAMES } from '@sello/contracts/reference/status-labels';
import { ADMINISTRATOR_ROLES, DEFAULT_PERMISSIONS_BY_ROLE } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  assertAdministrator,
  assertBin,
  assertMayManage,
  companyScope,
  isInCompanyScope,
  recordScope,
  resolveListDomain,
  resolveScopedCompanies,
} from '../../platform/admin-access.ts';
import { ApiError, notFound } from '../../platform/api-error.ts';
import { recordAudit, runAudited } from '../../platform/audit.ts';
import { recoverAudited } from '../../platform/audited-bin.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { toIso } from '../../platform/iso-date.ts';
import type { TMailer } from '../../platform/mailer.ts';
import { buildListQuery, runPagedList } from '../../platform/paged-list.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { forgetUserSignInFailures } from '../../platform/sign-in-guards.queries.ts';
import { softDeleteRow } from '../../platform/soft-delete.queries.ts';
import { canSeeDomain, resolveDomainScope } from '../../platform/tenancy.ts';
import { createToken } from '../../platform/tokens.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import type { TMailOutcome } from '../../security/account-mail.ts';
import { hashPassword } from '../../security/passwords.ts';
import { issueRecoveryLink, mailRecoveryLink } from '../../security/recovery-links.ts';
import { selectLiveCount, selectLiveDomainId } from '../admin.queries.ts';
import { assertKnownIds, conflict, takeDeletedFilter, toPickerItem, withConflictFields } from '../admin-lists.ts';
import { selectCompanyDomain, selectCompanyDomains, selectLiveCompanyIds } from '../companies/companies.queries.ts';
import { exportLabels } from '../export-labels.ts';
import { selectLiveGroupIds } from '../groups/groups.queries.ts';
import { createRolesService, type TRole } from '../roles/roles.service.ts';
import {
  existsLiveUsername,
  insertUser,
  replaceUserCompanies,
  replaceUserGroups,
  revokeUserSessions,
  selectSendersOfCompanies,
  selectUser,
  selectUserPicker,
  selectUsers,
  type TUserDetailDb,
  type TUserRowDb,
  type TUserValues,
  USER_COLUMNS,
  USER_UNIQUE_FIELDS,
  unblockUserRow,
  updateUserRow,
  userImportLinks,
  whereInAnyCompany,
  whereInCompany,
} from './users.queries.ts';

type Deps = {
  db: Kysely<Database>;
  mailer: TMailer;
  preferences: TPreferences;
  logger: FastifyBaseLogger;
  /** Lifetime of the link a creation or a reset mails. */
  linkMinutes: number;
};

const KNOWN_FLAGS = new Set<string>(PERMISSION_FLAGS);

function toUserRow(row: TUserRowDb): TUserRow {
  return {
    id: Number(row.id),
    domainId: Number(row.domainId),
    userid: row.username,
    name: row.name,
    email: row.email,
    roles: row.roles,
    language: row.language as Language,
    active: row.active,
    blocked: row.blocked,
    isSandbox: row.isSandbox,
    lastLoginAt: toIso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

const fieldError = (field: string, key: 'ERR_PERMISSION_NOT_ALLOWED' | 'ERR_SELF_ACTION' | 'ERR_COMPANY_NOT_ALLOWED') =>
  new ApiError(400, 'ERR_VALIDATION', { [field]: key });

/** The flags of a role's defaults a caller may hand out: all for a super admin, else those the caller holds. */
function defaultFlagsFor(principal: TPrincipal, roleCode: string): string[] {
  const [key] = detectRoles(roleCode);
  const defaults = key ? DEFAULT_PERMISSIONS_BY_ROLE[key] : [];
  return defaults.filter((flag) => principal.superAdmin || principal.permissions[flag] === true);
}

/**
 * The stored flags after a change: nobody but a super admin grants or withdraws a flag they do not
 * hold themselves. `current` is null for a new user.
 */
export function resolvePermissions(
  principal: TPrincipal,
  requested: TPermissionMap | undefined,
  roleCode: string,
  current: string[] | null,
): string[] {
  if (requested === undefined) return current ?? defaultFlagsFor(principal, roleCode);
  const flags = PERMISSION_FLAGS.filter((flag) => requested[flag] === true);
  if (!principal.superAdmin) {
    const before = new Set((current ?? []).filter((flag) => KNOWN_FLAGS.has(flag)));
    const changed = PERMISSION_FLAGS.filter((flag) => before.has(flag) !== flags.includes(flag));
    if (changed.some((flag) => principal.permissions[flag] !== true)) {
      throw fieldError('permissions', 'ERR_PERMISSION_NOT_ALLOWED');
    }
  }
  return flags;
}

export function createUsersService({ db, mailer, preferences, logger, linkMinutes }: Deps) {
  const roles = createRolesService(db);

  function toUserDetail(row: TUserDetailDb, allRoles: TRole[]): TUserDetail {
    return {
      ...toUserRow(row),
      roleId: Number(allRoles.find((role) => role.code === row.roles[0])?.id ?? 0) || null,
      companyIds: row.companyIds.map(Number),
      groupIds: row.groupIds.map(Number),
      permissions: toPermissionMap(row.permissions.filter((flag) => KNOWN_FLAGS.has(flag)) as PermissionFlag[]),
      failedAttempts: row.failedAttempts,
    };
  }

  async function listQuery(principal: TPrincipal, query: TPagedQuery) {
    assertAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted) assertBin(principal, 'userBin');
    const domainId = await resolveListDomain(principal, query, (id) => selectCompanyDomain(db, id));
    const scope = companyScope(principal);
    if (query.companySelected !== undefined && !isInCompanyScope(scope, [query.companySelected])) throw notFound();
    const base = selectUsers(db, domainId, deleted)
      .$if(query.companySelected !== undefined, (list) => list.where(whereInCompany(String(query.companySelected))))
      .$if(scope !== null, (list) => list.where(whereInAnyCompany(scope!)));
    // Every live user of the domain: the kept count answers the total.
    const everyLiveUser = !deleted && query.companySelected === undefined && scope === null;
    return { base, query: { ...query, filters }, domainId, everyLiveUser };
  }

  const listOptions = { defaultSort: 'userid', tieBreaker: sql`u.id` };

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const list = await listQuery(principal, query);
    const page = await runPagedList(list.base, list.query, USER_COLUMNS, {
      ...listOptions,
      ...(list.everyLiveUser && { unfilteredTotal: () => selectLiveCount(db, list.domainId, 'users') }),
    });
    return { rows: page.rows.map(toUserRow), total: page.total };
  }

  async function exportList(principal: TPrincipal, query: TExportQuery, reply: FastifyReply) {
    const list = await listQuery(principal, query);
    const { ordered } = buildListQuery(list.base, list.query, USER_COLUMNS, listOptions);
    const { label, yesNo } = exportLabels(query.language);
    // The database rows go straight into the file (dates as read, no text round trip): 100,000 of them
    // at a time is the export limit.
    return sendExcel<TUserRowDb & { companyTaxIds: string; groupNames: string }>(
      reply,
      'users.xlsx',
      label('sheetUsers'),
      [
        { header: label('id'), width: 10, value: (row) => Number(row.id) },
        { header: label('userid'), width: 25, value: (row) => row.username },
        { header: label('name'), width: 30, value: (row) => row.name },
        { header: label('email'), width: 30, value: (row) => row.email },
        {
          header: label('role'),
          value: (row) => row.roles.map((role) => labelOf(ROLE_NAMES, role, query.language)).join(', '),
        },
        { header: label('language'), width: 10, value: (row) => labelOf(LANGUAGE_NAMES, row.language, query.language) },
        { header: label('companies'), width: 30, text: true, value: (row) => row.companyTaxIds },
        { header: label('sheetGroups'), width: 30, text: true, value: (row) => row.groupNames },
        { header: label('active'), width: 10, value: (row) => yesNo(row.active) },
        { header: label('blocked'), width: 10, value: (row) => yesNo(row.blocked) },
        { header: label('isSandbox'), width: 10, value: (row) => yesNo(row.isSandbox) },
        { header: label('lastLoginAt'), dateTime: true, value: (row) => row.lastLoginAt },
        { header: label('createdAt'), dateTime: true, value: (row) => row.createdAt },
        { header: label('deletedAt'), dateTime: true, value: (row) => row.deletedAt },
        { header: label('deletedBy'), width: 30, value: (row) => row.deletedBy },
      ],
      ordered.select(userImportLinks()).offset(query.first).limit(query.pageSize).stream(1000),
    );
  }

  /**
   * A user the caller manages: of their domain (super admins: any), and for a plain administrator linked to
   * one of their companies. Anything else is 404.
   */
  async function loadManaged(principal: TPrincipal, id: number | string, deleted = false) {
    const row = await selectUser(db, recordScope(principal), String(id), deleted);
    if (!row || !isInCompanyScope(companyScope(principal), row.companyIds)) throw notFound();
    return row;
  }

  async function loadDetail(principal: TPrincipal, id: number | string): Promise<TUserDetail> {
    return toUserDetail(await loadManaged(principal, id), await roles.all());
  }

  async function detail(principal: TPrincipal, id: number): Promise<TUserDetail> {
    assertAdministrator(principal);
    return loadDetail(principal, id);
  }

  async function assertLinks(domainId: string, input: Pick<TUserInput, 'companyIds' | 'groupIds'>) {
    assertKnownIds('companyIds', input.companyIds, await selectLiveCompanyIds(db, domainId, input.companyIds));
    assertKnownIds('groupIds', input.groupIds, await selectLiveGroupIds(db, domainId, input.groupIds));
  }

  /** Company and group links as the trail records them (the row reads them as sorted text ids). */
  const linkIds = (ids: readonly number[]) => ids.map(String).sort((a, b) => Number(a) - Number(b));

  function toValues(input: TUserInput, role: TRole, permissions: string[]): TUserValues {
    return {
      username: input.userid,
      name: input.name,
      email: input.email,
      language: input.language,
      roles: [role.code],
      permissions,
      active: input.active,
      isSandbox: input.isSandbox,
    };
  }

  /** What the screen says about the mail with the link: sent, or waiting in the outbox. */
  const mailOutcomeFields = (outcome: TMailOutcome) => ({
    recoveryMailSent: outcome === 'sent',
    recoveryMailInOutbox: outcome === 'outbox',
  });

  /** A password nobody knows: the user chooses theirs through the recovery link. */
  const randomPasswordHash = () => hashPassword(createToken());

  async function create(principal: TPrincipal, domainid: number | undefined, input: TUserInput) {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    if (!(await selectLiveDomainId(db, domainId))) throw notFound();
    const role = await roles.resolveAssignable(principal, input.roleId);
    const permissions = resolvePermissions(principal, input.permissions, role.code, null);
    const scope = companyScope(principal);
    // A plain administrator's new user belongs to one of their companies, or they could not manage it.
    if (scope !== null && !input.companyIds.some((id) => scope.includes(String(id)))) {
      throw fieldError('companyIds', 'ERR_COMPANY_NOT_ALLOWED');
    }
    input = { ...input, companyIds: resolveScopedCompanies(scope, input.companyIds, []) };
    await assertLinks(domainId, input);
    if (await existsLiveUsername(db, input.userid)) throw conflict('userid');
    const passwordHash = await randomPasswordHash();
    const { id, tokens } = await withConflictFields(USER_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        const values = toValues(input, role, permissions);
        const userId = await insertUser(trx, domainId, values, passwordHash);
        await replaceUserCompanies(trx, userId, input.companyIds);
        await replaceUserGroups(trx, userId, input.groupIds);
        await recordAudit(trx, principal, {
          domainId,
          entity: 'users',
          entityId: userId,
          action: 'create',
          after: { ...values, companyIds: linkIds(input.companyIds), groupIds: linkIds(input.groupIds) },
        });
        const link = { userId, purpose: 'welcome' as const, createdBy: principal.userId, lifetimeMinutes: linkMinutes };
        return { id: userId, tokens: await issueRecoveryLink(trx, link) };
      }),
    );
    const outcome = await mailRecoveryLink(
      { db, mailer, preferences, logger },
      { id, email: input.email, username: input.userid, language: input.language },
      tokens,
      'welcome',
    );
    return { ...(await loadDetail(principal, id)), ...mailOutcomeFields(outcome) };
  }

  async function update(principal: TPrincipal, input: TUserUpdate) {
    assertAdministrator(principal);
    const current = await loadManaged(principal, input.id);
    assertMayManage(principal, current.roles);
    input = {
      ...input,
      companyIds: resolveScopedCompanies(companyScope(principal), input.companyIds, current.companyIds),
    };
    const role = await roles.resolveAssignable(principal, input.roleId);
    const permissions = resolvePermissions(principal, input.permissions, role.code, current.permissions);
    if (current.id === principal.userId) {
      // Administrators cannot lock themselves out or raise their own rights.
      if (role.code !== current.roles[0]) throw fieldError('roleId', 'ERR_SELF_ACTION');
      if (permissions.slice().sort().join() !== current.permissions.slice().sort().join())
        throw fieldError('permissions', 'ERR_SELF_ACTION');
      if (!input.active) throw fieldError('active', 'ERR_SELF_ACTION');
      if (input.blocked === true) throw fieldError('blocked', 'ERR_SELF_ACTION');
    }
    await assertLinks(current.domainId, input);
    if (await existsLiveUsername(db, input.userid, current.id)) throw conflict('userid');
    const passwordHash = input.resetPassword ? await randomPasswordHash() : undefined;
    const tokens = await withConflictFields(USER_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        const values = toValues(input, role, permissions);
        await updateUserRow(trx, current.domainId, current.id, { ...values, blocked: input.blocked, passwordHash });
        await recordAudit(trx, principal, {
          domainId: current.domainId,
          entity: 'users',
          entityId: current.id,
          action: 'update',
          before: { ...current, password: null },
          after: {
            ...values,
            blocked: input.blocked ?? current.blocked,
            companyIds: linkIds(input.companyIds),
            groupIds: linkIds(input.groupIds),
            password: input.resetPassword ? 'reset' : null,
          },
        });
        if (input.blocked === false) await forgetUserSignInFailures(trx, current.id);
        await replaceUserCompanies(trx, current.id, input.companyIds);
        await replaceUserGroups(trx, current.id, input.groupIds);
        // A new password, a block or a deactivation ends every session the user has open.
        if (input.resetPassword || input.blocked === true || !input.active) await revokeUserSessions(trx, current.id);
        if (!input.resetPassword) return null;
        await revokeUserSessions(trx, current.id);
        const link = { userId: current.id, purpose: 'reset' as const, createdBy: principal.userId };
        return issueRecoveryLink(trx, { ...link, lifetimeMinutes: linkMinutes });
      }),
    );
    const result = await loadDetail(principal, input.id);
    if (!tokens) return result;
    const outcome = await mailRecoveryLink(
      { db, mailer, preferences, logger },
      { id: current.id, email: input.email, username: input.userid, language: input.language },
      tokens,
      'reset',
    );
    return { ...result, ...mailOutcomeFields(outcome) };
  }

  async function remove(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const current = await loadManaged(principal, id);
    if (current.id === principal.userId) throw new ApiError(400, 'ERR_SELF_ACTION');
    assertMayManage(principal, current.roles);
    await db.transaction().execute(async (trx) => {
      await softDeleteRow(trx, 'users', current.domainId, current.id, principal.userId);
      await revokeUserSessions(trx, current.id);
      const entry = { domainId: current.domainId, entity: 'users', entityId: current.id, action: 'delete' };
      await recordAudit(trx, principal, { ...entry, before: { deleted: false }, after: { deleted: true } });
    });
  }

  async function recover(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const current = await loadManaged(principal, id, true);
    assertMayManage(principal, current.roles);
    if (await existsLiveUsername(db, current.username)) throw conflict('userid');
    await withConflictFields(USER_UNIQUE_FIELDS, () => recoverAudited(db, principal, 'users', current));
  }

  async function unblock(principal: TPrincipal, id: number) {
    assertAdministrator(principal);
    const current = await loadManaged(principal, id);
    assertMayManage(principal, current.roles);
    const entry = { domainId: current.domainId, entity: 'users', entityId: current.id, action: 'unblock' };
    await runAudited(
      db,
      principal,
      { ...entry, before: { blocked: current.blocked }, after: { blocked: false } },
      (trx) => unblockUserRow(trx, current.domainId, current.id),
    );
  }

  async function usersByDomain(principal: TPrincipal, domainid: number, search: string | undefined) {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, domainid);
    return (await selectUserPicker(db, domainId, search, LIMITS.onlineLimit, companyScope(principal))).map(
      toPickerItem,
    );
  }

  /**
   * Users who sent shippings from the given companies, for the shipping list filter. Administrators name any company of
   * their domain (super admins any company); other users only companies they belong to.
   */
  async function usersWithRequestsByCompanies(principal: TPrincipal, companyIds: number[]): Promise<TPickerItem[]> {
    const unique = [...new Set(companyIds.map(String))];
    const isAdministrator = principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key));
    const found = await selectCompanyDomains(db, companyIds);
    const visible = found.filter((company) =>
      isAdministrator ? canSeeDomain(principal, company.domainId) : principal.companyIds.includes(company.id),
    );
    if (visible.length !== unique.length) throw notFound();
    return (await selectSendersOfCompanies(db, unique, LIMITS.onlineLimit)).map(toPickerItem);
  }

  return {
    read,
    exportList,
    detail,
    create,
    update,
    remove,
    recover,
    unblock,
    usersByDomain,
    usersWithRequestsByCompanies,
  };
}
