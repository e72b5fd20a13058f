import { z } from 'zod';
import { ZOk } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

export const adminApi = {
  version: defineEndpoint({
    id: 'admin.version',
    method: 'GET',
    path: 'admin/version',
    summary: 'Server version as plain text',
    permission: 'public',
    response: z.string(),
    responseKind: 'text',
  }),
  clearPreferenceCache: defineEndpoint({
    id: 'admin.clearPreferenceCache',
    method: 'GET',
    path: 'admin/clearpreferencecache',
    summary: 'Drop cached preferences so the next read comes from the database',
    permission: { roles: ['superAdmin', 'domainAdmin', 'admin'] },
    response: ZOk,
  }),
} as const;
