import { z } from 'zod';
import { ZLanguage, ZOk } from '../common.ts';
import { FEEDBACK_LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { isEmail } from '../patterns.ts';

export const ZAccount = z.object({
  id: z.number().int(),
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  language: ZLanguage,
  roles: z.array(z.string()),
  domainName: z.string(),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  passwordChangedAt: z.string().nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountUpdate = z
  .object({
    name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(FEEDBACK_LIMITS.name, 'ERR_FIELD_TOO_LONG'),
    email: z
      .string()
      .trim()
      .min(1, 'ERR_FIELD_REQUIRED')
      .max(FEEDBACK_LIMITS.email, 'ERR_FIELD_TOO_LONG')
      .refine(isEmail, 'ERR_EMAIL_INVALID'),
    currentPassword: z.string().max(200).optional(),
    /** Checked against the password policy (password-policy.ts) by the server, each broken rule with its key. */
    newPassword: z.string().min(1, 'ERR_FIELD_REQUIRED').max(1000, 'ERR_PWD_TOO_LONG').optional(),
  })
  .refine((value) => value.newPassword === undefined || (value.currentPassword ?? '') !== '', {
    message: 'ERR_FIELD_REQUIRED',
    path: ['currentPassword'],
  });
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

export const ZLanguageUpdate = z.object({ language: ZLanguage });

export const accountApi = {
  read: defineEndpoint({
    id: 'account.read',
    method: 'GET',
    path: 'account/users/read',
    summary: 'Own account data',
    permission: 'session',
    query: z.object({ selected: z.coerce.number().int().positive().optional() }),
    response: ZAccount,
  }),
  update: defineEndpoint({
    id: 'account.update',
    method: 'PUT',
    path: 'account/users/update',
    summary: 'Update own name, e-mail and password',
    permission: 'session',
    body: ZAccountUpdate,
    response: ZAccount,
  }),
  updateLanguage: defineEndpoint({
    id: 'account.updateLanguage',
    method: 'PUT',
    path: 'account/users/updateLanguage',
    summary: 'Update own language',
    permission: 'session',
    body: ZLanguageUpdate,
    response: ZOk,
  }),
  userCompaniesList: defineEndpoint({
    id: 'account.userCompaniesList',
    method: 'GET',
    path: 'companies/usercompanieslist',
    summary: 'Companies the signed-in user is assigned to',
    permission: 'session',
    response: z.array(z.object({ value: z.number().int(), text: z.string() })),
  }),
} as const;
