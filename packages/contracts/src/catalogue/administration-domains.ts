import { z } from 'zod';
import {
  pageOf,
  ZComboList,
  ZDualList,
  ZExportQuery,
  ZFile,
  ZId,
  ZIdField,
  ZIdParams,
  ZOk,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { TWO_FACTOR_COOL_DOWN_HOURS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZDomainType, ZTemplateKind } from '../enums.ts';
import { ZTwoFactorRequirement } from '../two-factor.ts';
import { DOMAINS, deletedInfo, optionalField, requiredName, withId } from './administration-common.ts';

/** Largest custom logo, in KB, once decoded. */
export const CUSTOM_LOGO_MAX_KB = 200;
/** A logo is a PNG, JPEG, GIF or WebP image as a base64 data URL; its bytes are checked on the server. */
const ZImageDataUrl = z
  .string()
  .max(Math.ceil((CUSTOM_LOGO_MAX_KB * 1024 * 4) / 3) + 100, 'ERR_MAX_FILE_SIZE')
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE');

export const ZDomain = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  domainType: ZDomainType,
  active: z.boolean(),
  twoFactorCoolDownHours: z.number().int(),
  /** Who must sign in with a second factor: nobody, administrators, everybody. */
  twoFactorRequired: ZTwoFactorRequirement,
  /** Days a password lasts before sign-in asks for a new one; null: passwords do not expire. */
  passwordMaxAgeDays: z.number().int().nullable(),
  companies: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TDomain = z.infer<typeof ZDomain>;

export const ZDomainDetail = ZDomain.extend({ customLogo: z.string().nullable() });
export type TDomainDetail = z.infer<typeof ZDomainDetail>;

export const ZDomainInput = z.object({
  /** Short code of the tenant, unique among live domains. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9_-]{1,29}$/, 'ERR_FIELD_INVALID'),
  name: requiredName,
  description: optionalField(z.string().trim().max(500, 'ERR_FIELD_TOO_LONG')),
  domainType: ZDomainType.default('ENTERPRISE'),
  active: z.boolean().default(true),
  twoFactorCoolDownHours: z
    .number()
    .int('ERR_FIELD_INVALID')
    .min(TWO_FACTOR_COOL_DOWN_HOURS.min, 'ERR_FIELD_INVALID')
    .max(TWO_FACTOR_COOL_DOWN_HOURS.max, 'ERR_FIELD_INVALID')
    .default(TWO_FACTOR_COOL_DOWN_HOURS.default),
  twoFactorRequired: ZTwoFactorRequirement.default('off'),
  passwordMaxAgeDays: z
    .number()
    .int('ERR_FIELD_INVALID')
    .min(1, 'ERR_FIELD_INVALID')
    .max(3650, 'ERR_FIELD_INVALID')
    .nullable()
    .default(null),
  /** A new logo, null to remove it; left out, the logo stays as it is. */
  customLogo: ZImageDataUrl.nullable().optional(),
});
export type TDomainInput = z.infer<typeof ZDomainInput>;

// The spec names no method for these calls.
export const domainsApi = {
  read: defineEndpoint({
    id: 'administration.domainsRead',
    method: 'GET',
    path: 'administration/domains/read',
    summary: 'Page of the domains list',
    permission: DOMAINS,
    query: ZPagedQuery,
    response: pageOf(ZDomain),
    methodChosen: true,
  }),
  detail: defineEndpoint({
    id: 'administration.domainsDetail',
    method: 'GET',
    path: 'administration/domains/detail',
    summary: 'One domain',
    permission: DOMAINS,
    query: ZSelectedQuery,
    response: ZDomainDetail,
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'administration.domainsNew',
    method: 'POST',
    path: 'administration/domains/new',
    summary: 'Create a domain',
    permission: DOMAINS,
    body: ZDomainInput,
    response: ZDomainDetail,
    methodChosen: true,
  }),
  update: defineEndpoint({
    id: 'administration.domainsUpdate',
    method: 'PUT',
    path: 'administration/domains/update',
    summary: 'Update a domain',
    permission: DOMAINS,
    body: withId(ZDomainInput),
    response: ZDomainDetail,
    methodChosen: true,
  }),
  delete: defineEndpoint({
    id: 'administration.domainsDelete',
    method: 'DELETE',
    path: 'administration/domains/delete/{id}',
    summary: 'Soft-delete a domain',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  recover: defineEndpoint({
    id: 'administration.domainsRecover',
    method: 'PUT',
    path: 'administration/domains/recover/{id}',
    summary: 'Recover a deleted domain',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'administration.domainsExport',
    method: 'GET',
    path: 'administration/domains/export',
    summary: 'Export the domains list',
    permission: DOMAINS,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  typesDocument: defineEndpoint({
    id: 'administration.domainsTypesDocument',
    method: 'GET',
    path: 'administration/domains/typesdocument/{id}',
    summary: 'Document types a domain offers, for the dual-list picker',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZDualList,
    methodChosen: true,
  }),
  updateTypesDocument: defineEndpoint({
    id: 'administration.domainsUpdateTypesDocument',
    method: 'PUT',
    path: 'administration/domains/updateTypesDocument/{id}',
    summary: 'Set the document types a domain offers, in order',
    permission: DOMAINS,
    params: ZIdParams,
    body: z.object({ listOfTypes: z.array(ZIdField).max(1000) }),
    response: ZOk,
    methodChosen: true,
  }),
  updateAdvComTemplate: defineEndpoint({
    id: 'administration.domainsUpdateAdvComTemplate',
    method: 'PUT',
    path: 'administration/domains/updateAdvComTemplate/{id}',
    summary: 'Set the advanced communication templates of a domain',
    permission: DOMAINS,
    params: ZIdParams,
    /** `kind` picks which of the domain's template tabs (TEMPLATES, EMAIL_CERT_TEMPLATES, SMS_CERT_TEMPLATES). */
    body: z.object({ advancedComTemplates: z.array(ZIdField).max(1000), kind: ZTemplateKind.optional() }),
    response: ZOk,
    methodChosen: true,
  }),
  advanceComTemplate: defineEndpoint({
    id: 'administration.domainsAdvanceComTemplate',
    method: 'GET',
    path: 'administration/domains/advanceComTemplate',
    summary: 'Advanced communication templates of a domain, for the dual-list picker',
    permission: DOMAINS,
    query: z.object({ domain: ZId, kind: ZTemplateKind.optional() }),
    response: ZDualList,
    methodChosen: true,
  }),
  typeComTemplate: defineEndpoint({
    id: 'administration.domainsTypeComTemplate',
    method: 'GET',
    path: 'administration/domains/typeComTemplate',
    summary: 'Kinds of communication template',
    permission: DOMAINS,
    response: ZComboList,
    methodChosen: true,
  }),
  domainTypes: defineEndpoint({
    id: 'administration.domainsDomainTypes',
    method: 'GET',
    path: 'administration/domains/domainTypes',
    summary: 'Kinds of domain',
    permission: DOMAINS,
    response: ZComboList,
    methodChosen: true,
  }),
  allDomains: defineEndpoint({
    id: 'administration.domainsAllDomains',
    method: 'GET',
    path: 'administration/domains/allDomains',
    summary: 'Every domain, for the domain selector',
    permission: DOMAINS,
    response: ZPickerList,
    methodChosen: true,
  }),
} as const;
