import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZIdField,
  ZIdParams,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { isRestrictedText } from '../patterns.ts';
import {
  ADMIN,
  deletedInfo,
  GROUP_BIN,
  optionalField,
  requiredName,
  withId,
  ZByDomainQuery,
} from './administration-common.ts';

export const ZGroup = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupDetail = ZGroup.extend({ members: ZPickerList });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZGroupInput = z.object({
  /** Restricted text (spec §5): letters, digits, space, ñ and . , _ - */
  name: requiredName.refine(isRestrictedText, 'ERR_PATTERN_RESTRICTED_TEXT'),
  description: optionalField(z.string().trim().max(500, 'ERR_FIELD_TOO_LONG')),
  userIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  active: z.boolean().default(true),
});
export type TGroupInput = z.infer<typeof ZGroupInput>;

export const groupsApi = {
  read: defineEndpoint({
    id: 'administration.groupsRead',
    method: 'GET',
    path: 'administration/groups/read',
    summary: 'Page of the groups list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZGroup),
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.groupsExport',
    method: 'GET',
    path: 'administration/groups/export',
    summary: 'Export the groups list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  update: defineEndpoint({
    id: 'administration.groupsUpdate',
    method: 'PUT',
    path: 'administration/groups/update',
    summary: 'Update a group and its members',
    permission: ADMIN,
    body: withId(ZGroupInput),
    response: ZGroupDetail,
  }),
  new: defineEndpoint({
    id: 'administration.groupsNew',
    method: 'POST',
    path: 'administration/groups/new',
    summary: 'Create a group',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZGroupInput,
    response: ZGroupDetail,
  }),
  detail: defineEndpoint({
    id: 'administration.groupsDetail',
    method: 'GET',
    path: 'administration/groups/detail',
    summary: 'One group with its members',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZGroupDetail,
    methodChosen: true,
  }),
  delete: defineEndpoint({
    id: 'administration.groupsDelete',
    method: 'DELETE',
    path: 'administration/groups/delete/{id}',
    summary: 'Soft-delete a group',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'administration.groupsRecover',
    method: 'PUT',
    path: 'administration/groups/recover/{id}',
    summary: 'Recover a deleted group',
    permission: GROUP_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  groupsByDomain: defineEndpoint({
    id: 'administration.groupsByDomain',
    method: 'GET',
    path: 'administration/groups/groupsByDomain',
    summary: 'Groups of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),
} as const;
