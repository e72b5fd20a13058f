import { z } from 'zod';
import { ZId, ZIdListQueryValue, ZLanguage, ZPickerList, ZPreferenceValue } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZChannel, ZDocumentCategory, ZPostalReceiverType, ZServiceCode, ZServiceKind } from '../enums.ts';
import { ZCountryCode } from '../reference/countries.ts';
import { ZIdentityDocumentType } from '../reference/identity-documents.ts';
import { ZNoticeMethod } from '../reference/notice-methods.ts';
import { ZSignMethod } from '../reference/sign-methods.ts';
import { configurationShellApi, ZLanguageItem } from './configuration-shell.ts';

export const ZFileType = z.object({ extension: z.string(), mimeType: z.string(), signable: z.boolean() });

/** How a service is set up for the user's domain: whether it is on and through which channels. */
export const ZServiceConfiguration = z.object({
  service: ZServiceKind,
  code: ZServiceCode,
  text: z.string(),
  enabled: z.boolean(),
  /** Channels the domain may send this service on; empty when the service is off. */
  channels: z.array(ZChannel),
});
export type TServiceConfiguration = z.infer<typeof ZServiceConfiguration>;

export const ZServiceItem = z.object({ value: ZServiceCode, text: z.string(), service: ZServiceKind });

export const ZCountryItem = z.object({ value: ZCountryCode, text: z.string() });
export type TCountryItem = z.infer<typeof ZCountryItem>;

/** A street type; `countries` are the address countries that use it (ES, PT). */
export const ZStreetTypeItem = z.object({ value: z.string(), text: z.string(), countries: z.array(ZCountryCode) });

/** A kind of street number; `numberRequired` is false when the address carries no number (without number). */
export const ZStreetNumberTypeItem = z.object({ value: z.string(), text: z.string(), numberRequired: z.boolean() });

/** An identity document type; `receiverTypes` are the postal receiver types holding it, `country` its issuer. */
export const ZIdentityDocumentTypeItem = z.object({
  value: ZIdentityDocumentType,
  text: z.string(),
  receiverTypes: z.array(ZPostalReceiverType),
  country: ZCountryCode.nullable(),
});
export type TIdentityDocumentTypeItem = z.infer<typeof ZIdentityDocumentTypeItem>;

export const ZDocumentCategoryItem = z.object({ value: ZDocumentCategory, text: z.string(), isDefault: z.boolean() });

/** A sign method with the services that offer it, the channels it works on and the contact it needs. */
export const ZSignMethodItem = z.object({
  value: ZSignMethod,
  text: z.string(),
  services: z.array(ZServiceKind),
  channels: z.array(ZChannel),
  contact: z.enum(['mobile', 'email']).nullable(),
});

export const ZNoticeMethodItem = z.object({ value: ZNoticeMethod, text: z.string(), channel: ZChannel });

const ZLangQuery = z.object({ lang: ZLanguage.optional() });
/** An id that must be present: missing or empty answers ERR_FIELD_REQUIRED, anything but an id ERR_FIELD_INVALID. */
const ZRequiredId = z.string().trim().min(1, 'ERR_FIELD_REQUIRED').pipe(z.coerce.number<string>().int().positive());
/** Company ids, checked against the companies the caller may see. */
const ZSelectedCompaniesQuery = z.object({ ids: ZIdListQueryValue });

/** Every configuration call: the shell's own (configuration-shell.ts) and the combos creation needs. */
export const configurationApi = {
  ...configurationShellApi,
  getPreferenceNumDownload: defineEndpoint({
    id: 'configuration.getPreferenceNumDownload',
    method: 'GET',
    path: 'configuration/getPreferenceNumDownload',
    summary: 'Most files one documentation download may hold',
    permission: 'session',
    response: ZPreferenceValue,
  }),
  getFileTypes: defineEndpoint({
    id: 'configuration.getFileTypes',
    method: 'GET',
    path: 'configuration/getFileTypes',
    summary: 'File types a shipping document may be',
    permission: 'session',
    response: z.array(ZFileType),
  }),
  countriesPostal: defineEndpoint({
    id: 'configuration.countriesPostal',
    method: 'GET',
    path: 'configuration/countriesPostal',
    summary: 'Countries postal shippings can go to, by name in the language asked',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZCountryItem),
  }),
  streetNumType: defineEndpoint({
    id: 'configuration.streetNumType',
    method: 'GET',
    path: 'configuration/streetNumType',
    summary: 'Kinds of street number of a postal address',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZStreetNumberTypeItem),
  }),
  streetType: defineEndpoint({
    id: 'configuration.streetType',
    method: 'GET',
    path: 'configuration/streetType',
    summary: 'Kinds of street of a Spanish or Portuguese postal address',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZStreetTypeItem),
  }),
  countriesJC: defineEndpoint({
    id: 'configuration.countriesJC',
    method: 'GET',
    path: 'configuration/countriesJC',
    summary: 'Countries whose identity documents the identification services accept',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZCountryItem),
  }),
  docIdType: defineEndpoint({
    id: 'configuration.docIdType',
    method: 'GET',
    path: 'configuration/docIdType',
    summary: "Kinds of identity document a domain accepts (the caller's own by default)",
    permission: 'session',
    query: ZLangQuery.extend({ domain: ZId.optional() }),
    response: z.array(ZIdentityDocumentTypeItem),
  }),
  docIdTypeByCode: defineEndpoint({
    id: 'configuration.docIdTypeByCode',
    method: 'GET',
    path: 'configuration/docIdTypeByCode',
    // The spec writes the query as `?{query}`; a code is what a look-up by code needs.
    summary: 'One kind of identity document by its code (case-insensitive)',
    permission: 'session',
    query: ZLangQuery.extend({ code: z.string().trim().max(50).toUpperCase().pipe(ZIdentityDocumentType) }),
    response: ZIdentityDocumentTypeItem,
  }),
  getTypesDocument: defineEndpoint({
    id: 'configuration.getTypesDocument',
    method: 'GET',
    path: 'configuration/getTypesDocument',
    summary: 'Categories of a shipping document; with `default=true` only the default one',
    permission: 'session',
    query: ZLangQuery.extend({ default: z.stringbool().optional() }),
    response: z.array(ZDocumentCategoryItem),
  }),
  getSignMethods: defineEndpoint({
    id: 'configuration.getSignMethods',
    method: 'GET',
    path: 'configuration/getSignMethods',
    summary: 'Signature methods, with the services and channels each works with',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZSignMethodItem),
  }),
  getServicesConfiguration: defineEndpoint({
    id: 'configuration.getServicesConfiguration',
    method: 'GET',
    path: 'configuration/getServicesConfiguration',
    summary: "How each service is set up for the user's domain",
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZServiceConfiguration),
  }),
  services: defineEndpoint({
    id: 'configuration.services',
    method: 'GET',
    path: 'configuration/services',
    summary: 'Every service kind, for a combo or a list filter',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZServiceItem),
  }),
  noticeMethods: defineEndpoint({
    id: 'configuration.noticeMethods',
    method: 'GET',
    path: 'configuration/noticeMethods',
    summary: 'Ways a receiver can be notified',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZNoticeMethodItem),
  }),
  idCardLanguages: defineEndpoint({
    id: 'configuration.idCardLanguages',
    method: 'GET',
    path: 'configuration/idCardLanguages',
    summary: 'Languages of the identification screens',
    permission: 'session',
    query: ZLangQuery,
    response: z.array(ZLanguageItem),
  }),
  certificatesByCompany: defineEndpoint({
    id: 'configuration.certificatesByCompany',
    method: 'GET',
    path: 'configuration/certificatesByCompany',
    summary: "Signing certificates a company may use: its domain's live, active, currently valid ones",
    permission: 'session',
    query: z.object({ companyId: ZRequiredId }),
    response: ZPickerList,
  }),
  certificatesBySelectedCompanies: defineEndpoint({
    id: 'configuration.certificatesBySelectedCompanies',
    method: 'GET',
    path: 'configuration/certificatesBySelectedCompanies',
    summary: "Signing certificates the given companies may use (their domains' usable ones)",
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
  usersBySelectedCompanies: defineEndpoint({
    id: 'configuration.usersBySelectedCompanies',
    method: 'GET',
    path: 'configuration/usersBySelectedCompanies',
    summary: 'Users assigned to the given companies',
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
  authUsersBySelectedCompanies: defineEndpoint({
    id: 'configuration.authUsersBySelectedCompanies',
    method: 'GET',
    path: 'configuration/authUsersBySelectedCompanies',
    summary: 'Users assigned to the given companies who may authorise shippings (shippingListOnlyAuth)',
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
} as const;
