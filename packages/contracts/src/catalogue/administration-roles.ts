import { ZPickerList } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ADMIN } from './administration-common.ts';

export const rolesApi = {
  rolesList: defineEndpoint({
    id: 'administration.rolesList',
    method: 'GET',
    path: 'administration/roles/rolesList',
    summary: 'Roles a user can be given',
    permission: ADMIN,
    response: ZPickerList,
  }),
} as const;
