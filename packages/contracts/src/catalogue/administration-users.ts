import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZIdField,
  ZIdListQueryValue,
  ZIdParams,
  ZLanguage,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { isEmail, isUsername } from '../patterns.ts';
import { ZPermissionMap } from '../permissions.ts';
import {
  ADMIN,
  deletedInfo,
  requiredName,
  USER_BIN,
  withId,
  ZBase64DataUrl,
  ZByDomainQuery,
} from './administration-common.ts';

export const ZUserRow = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  language: ZLanguage,
  active: z.boolean(),
  blocked: z.boolean(),
  isSandbox: z.boolean(),
  lastLoginAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TUserRow = z.infer<typeof ZUserRow>;

export const ZUserDetail = ZUserRow.extend({
  /** The role (from `roles/rolesList`), null when the stored role string is none of them. */
  roleId: z.number().int().nullable(),
  companyIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  permissions: ZPermissionMap,
  failedAttempts: z.number().int().nonnegative(),
  /**
   * After a creation or a password reset: whether the mail with the link to set the password went out
   * (false when no SMTP server is configured).
   */
  recoveryMailSent: z.boolean().optional(),
  /** No SMTP server is configured: the mail with the link is waiting in the account outbox. */
  recoveryMailInOutbox: z.boolean().optional(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserInput = z.object({
  userid: z.string().trim().refine(isUsername, 'ERR_PATTERN_USERNAME'),
  name: requiredName,
  email: z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').refine(isEmail, 'ERR_EMAIL_INVALID'),
  language: ZLanguage,
  roleId: ZIdField,
  /**
   * The permission flags that are true (spec §3); others are false. Left out: a new user gets the
   * defaults of the role, an updated user keeps the flags.
   */
  permissions: ZPermissionMap.optional(),
  companyIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  groupIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  active: z.boolean().default(true),
  isSandbox: z.boolean().default(false),
});
export type TUserInput = z.infer<typeof ZUserInput>;

export const ZUserUpdate = withId(ZUserInput).extend({
  /** true blocks the account; false unblocks it like `unblock/{id}`; left out, it stays as it is. */
  blocked: z.boolean().optional(),
  /** Replace the password with a random one and mail the user a link to choose a new one. */
  resetPassword: z.boolean().default(false),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

/**
 * `importUsers` takes the file as a base64 data URL in JSON: CSV (comma or semicolon separated,
 * UTF-8) or Excel .xlsx, a header row and one user per row. Columns: userid, name, email, role (role
 * string of spec §6), and optionally language, companies (tax ids, `;`-separated), groups (names,
 * `;`-separated), permissions (flags, `;`-separated; the role defaults when empty), active.
 */
export const USERS_IMPORT_MAX_ROWS = LIMITS.onlineLimit;
export const USERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ZUsersImportRequest = z.object({
  data: ZBase64DataUrl.max(Math.ceil((USERS_IMPORT_MAX_BYTES * 4) / 3) + 200, 'ERR_MAX_FILE_SIZE'),
  fileName: z.string().max(200).optional(),
});

/**
 * Answer of an import. Either every row was created, or none was and `failed` lists every failing
 * line (1 is the header) with the column and the error key.
 */
export const ZUsersImportResult = z.object({
  created: z.number().int().nonnegative(),
  failed: z.array(z.object({ line: z.number().int().positive(), field: z.string().optional(), key: z.string() })),
});
export type TUsersImportResult = z.infer<typeof ZUsersImportResult>;

// The spec names no method for these calls.
export const usersApi = {
  read: defineEndpoint({
    id: 'administration.usersRead',
    method: 'GET',
    path: 'administration/users/read',
    summary: 'Page of the users list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZUserRow),
    methodChosen: true,
  }),
  detail: defineEndpoint({
    id: 'administration.usersDetail',
    method: 'GET',
    path: 'administration/users/detail',
    summary: 'One user with companies, groups and permissions',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZUserDetail,
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'administration.usersNew',
    method: 'POST',
    path: 'administration/users/new',
    summary: 'Create a user in a domain',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZUserInput,
    response: ZUserDetail,
    methodChosen: true,
  }),
  update: defineEndpoint({
    id: 'administration.usersUpdate',
    method: 'PUT',
    path: 'administration/users/update',
    summary: 'Update a user',
    permission: ADMIN,
    body: ZUserUpdate,
    response: ZUserDetail,
    methodChosen: true,
  }),
  delete: defineEndpoint({
    id: 'administration.usersDelete',
    method: 'DELETE',
    path: 'administration/users/delete/{id}',
    summary: 'Soft-delete a user',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  recover: defineEndpoint({
    id: 'administration.usersRecover',
    method: 'PUT',
    path: 'administration/users/recover/{id}',
    summary: 'Recover a deleted user',
    permission: USER_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  unblock: defineEndpoint({
    id: 'administration.usersUnblock',
    method: 'PUT',
    path: 'administration/users/unblock/{id}',
    summary: 'Unblock a user locked by failed sign-ins',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.usersExport',
    method: 'GET',
    path: 'administration/users/export',
    summary: 'Export the users list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  importUsers: defineEndpoint({
    id: 'administration.usersImport',
    method: 'POST',
    path: 'administration/users/importUsers',
    summary: 'Create users in a domain from a spreadsheet',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZUsersImportRequest,
    response: ZUsersImportResult,
    methodChosen: true,
  }),
  usersWithRequestsByCompanies: defineEndpoint({
    id: 'administration.usersWithRequestsByCompanies',
    method: 'GET',
    path: 'administration/users/usersWithRequestsByCompanies',
    summary: 'Users who sent shippings from the given companies, for the shipping list filter',
    // The shipping list filters use it too, so shipping readers may call it.
    permission: { any: ['administration', 'shippingList', 'shippingListOnlyAuth'] },
    query: z.object({ companies: ZIdListQueryValue }),
    response: ZPickerList,
    methodChosen: true,
  }),
  usersByDomain: defineEndpoint({
    id: 'administration.usersByDomain',
    method: 'GET',
    path: 'administration/users/usersByDomain',
    summary: 'Users of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),
} as const;
