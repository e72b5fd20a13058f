import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZIdParams,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { COMPANY_TAX_ID_PATTERN, isCompanyTaxId, isEmail, isEmailList, isEuVat } from '../patterns.ts';
import {
  ADMIN,
  COMPANY_BIN,
  deletedInfo,
  optionalField,
  requiredName,
  withId,
  ZByDomainQuery,
} from './administration-common.ts';

export const ZCompany = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  taxId: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  ccEmails: z.string().nullable(),
  active: z.boolean(),
  /** Whether its SMS may be sent as UCS-2 (a character outside GSM-7); refused, such a message is rejected. */
  smsUcs2Allowed: z.boolean(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyInput = z.object({
  name: requiredName,
  taxId: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => COMPANY_TAX_ID_PATTERN.test(value), { message: 'ERR_PATTERN_TAX_ID', abort: true })
    .refine(isCompanyTaxId, 'ERR_TAX_ID_INVALID'),
  /** EU VAT number with its country prefix; spaces, dots and dashes are dropped. */
  vatNumber: optionalField(
    z
      .string()
      .trim()
      .max(20, 'ERR_FIELD_TOO_LONG')
      .refine(isEuVat, 'ERR_PATTERN_VAT')
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
  ),
  email: optionalField(z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').refine(isEmail, 'ERR_EMAIL_INVALID')),
  /** Addresses copied on the company's mail, separated by semicolons (spec §5 e-mail list). */
  ccEmails: optionalField(
    z.string().trim().max(1000, 'ERR_FIELD_TOO_LONG').refine(isEmailList, 'ERR_PATTERN_EMAIL_LIST'),
  ),
  active: z.boolean().default(true),
  smsUcs2Allowed: z.boolean().default(true),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

export const companiesApi = {
  read: defineEndpoint({
    id: 'administration.companiesRead',
    method: 'GET',
    path: 'administration/companies/read',
    summary: 'Page of the companies list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZCompany),
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.companiesExport',
    method: 'GET',
    path: 'administration/companies/export',
    summary: 'Export the companies list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'administration.companiesNew',
    method: 'POST',
    path: 'administration/companies/new',
    summary: 'Create a company',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZCompanyInput,
    response: ZCompany,
  }),
  update: defineEndpoint({
    id: 'administration.companiesUpdate',
    method: 'POST',
    path: 'administration/companies/update',
    summary: 'Update a company',
    permission: ADMIN,
    body: withId(ZCompanyInput),
    response: ZCompany,
  }),
  delete: defineEndpoint({
    id: 'administration.companiesDelete',
    method: 'DELETE',
    path: 'administration/companies/delete/{id}',
    summary: 'Soft-delete a company',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'administration.companiesRecover',
    method: 'PUT',
    path: 'administration/companies/recover/{id}',
    summary: 'Recover a deleted company',
    permission: COMPANY_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  detail: defineEndpoint({
    id: 'administration.companiesDetail',
    method: 'GET',
    path: 'administration/companies/detail',
    summary: 'One company',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZCompany,
    methodChosen: true,
  }),
  companiesByDomain: defineEndpoint({
    id: 'administration.companiesByDomain',
    method: 'GET',
    path: 'administration/companies/companiesByDomain',
    summary: 'Companies of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),
} as const;
