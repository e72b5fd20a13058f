import { z } from 'zod';
import { ZComboList, ZId, ZIdListQueryValue, ZLanguage, ZOk, ZPickerList, ZPreferenceValue } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZChannel, ZServiceCode, ZServiceKind } from '../enums.ts';
import { ZFeedback } from '../feedback.ts';

export const ZOtherConfig = z.object({
  manualUrlEs: z.string().nullable(),
  manualUrlEn: z.string().nullable(),
  manualUrlPt: z.string().nullable(),
  videoTutorialsUrl: z.string().nullable(),
  releasesUrl: z.string().nullable(),
  legalNoticeUrl: z.string().nullable(),
  privacyPolicyUrl: z.string().nullable(),
  cookiePolicyUrl: z.string().nullable(),
  /** Largest feedback/upload attachment, KB. */
  fileUploadMaxSizeKb: z.number().int().positive(),
  sessionTimeMinutes: z.number().positive(),
  refreshTimeMinutes: z.number().positive(),
});
export type TOtherConfig = z.infer<typeof ZOtherConfig>;

/** A file type the upload fields accept. */
export const ZFileType = z.object({ extension: z.string(), mimeType: z.string() });

/** How a service is set up for the user's domain: whether it is on and through which channels. */
export const ZServiceConfiguration = z.object({
  service: ZServiceKind,
  code: ZServiceCode,
  enabled: z.boolean(),
  channels: z.array(ZChannel),
});

const ZLangQuery = z.object({ lang: ZLanguage.optional() });
const ZSelectedCompaniesQuery = z.object({ ids: ZIdListQueryValue });

export const configurationApi = {
  getOtherConfig: defineEndpoint({
    id: 'configuration.getOtherConfig',
    method: 'GET',
    path: 'configuration/getOtherConfig',
    summary: 'Help URLs, footer links and shell settings',
    permission: 'public',
    response: ZOtherConfig,
  }),
  getPreference: defineEndpoint({
    id: 'configuration.getPreference',
    method: 'GET',
    path: 'configuration/getPreference',
    summary: 'One preference value by name (only preferences the console reads; others answer null)',
    permission: 'session',
    query: z.object({ preference: z.string().min(1).max(100) }),
    response: ZPreferenceValue,
  }),
  getPreferenceSmsMaxCharacters: defineEndpoint({
    id: 'configuration.getPreferenceSmsMaxCharacters',
    method: 'GET',
    path: 'configuration/getPreferenceSmsMaxCharacters',
    summary: 'Largest SMS text length',
    permission: 'session',
    response: ZPreferenceValue,
  }),
  busLanguages: defineEndpoint({
    id: 'configuration.busLanguages',
    method: 'GET',
    path: 'configuration/busLanguages',
    summary: 'Languages the console offers',
    permission: 'public',
    response: z.array(z.object({ value: z.string(), text: z.string() })),
  }),
  sendFeedback: defineEndpoint({
    id: 'configuration.sendFeedback',
    method: 'POST',
    path: 'configuration/sendFeedback',
    summary: 'Store a report sent from the contact form and mail it to support',
    permission: 'public',
    body: ZFeedback,
    response: ZOk,
  }),
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
    summary: 'File types the upload fields accept',
    permission: 'session',
    response: z.array(ZFileType),
  }),
  countriesPostal: defineEndpoint({
    id: 'configuration.countriesPostal',
    method: 'GET',
    path: 'configuration/countriesPostal',
    summary: 'Countries postal shippings can go to',
    permission: 'session',
    response: ZComboList,
  }),
  streetNumType: defineEndpoint({
    id: 'configuration.streetNumType',
    method: 'GET',
    path: 'configuration/streetNumType',
    summary: 'Kinds of street number of a postal address',
    permission: 'session',
    query: ZLangQuery,
    response: ZComboList,
  }),
  streetType: defineEndpoint({
    id: 'configuration.streetType',
    method: 'GET',
    path: 'configuration/streetType',
    summary: 'Kinds of street of a postal address',
    permission: 'session',
    query: ZLangQuery,
    response: ZComboList,
  }),
  countriesJC: defineEndpoint({
    id: 'configuration.countriesJC',
    method: 'GET',
    path: 'configuration/countriesJC',
    summary: 'Countries of identity documents',
    permission: 'session',
    query: ZLangQuery,
    response: ZComboList,
  }),
  docIdType: defineEndpoint({
    id: 'configuration.docIdType',
    method: 'GET',
    path: 'configuration/docIdType',
    summary: 'Kinds of identity document a domain accepts',
    permission: 'session',
    query: z.object({ domain: ZId.optional() }),
    response: ZComboList,
  }),
  docIdTypeByCode: defineEndpoint({
    id: 'configuration.docIdTypeByCode',
    method: 'GET',
    path: 'configuration/docIdTypeByCode',
    // The spec writes the query as `?{query}`; a code is what a look-up by code needs.
    summary: 'Kinds of identity document matching a code',
    permission: 'session',
    query: z.object({ code: z.string().trim().min(1).max(50) }),
    response: ZComboList,
  }),
  getTypesDocument: defineEndpoint({
    id: 'configuration.getTypesDocument',
    method: 'GET',
    path: 'configuration/getTypesDocument',
    summary: 'Document types; with `default` only those offered by default',
    permission: 'session',
    query: z.object({ default: z.stringbool().optional() }),
    response: ZPickerList,
  }),
  getSignMethods: defineEndpoint({
    id: 'configuration.getSignMethods',
    method: 'GET',
    path: 'configuration/getSignMethods',
    summary: 'Signature methods',
    permission: 'session',
    response: ZComboList,
  }),
  getServicesConfiguration: defineEndpoint({
    id: 'configuration.getServicesConfiguration',
    method: 'GET',
    path: 'configuration/getServicesConfiguration',
    summary: "How each service is set up for the user's domain",
    permission: 'session',
    response: z.array(ZServiceConfiguration),
  }),
  services: defineEndpoint({
    id: 'configuration.services',
    method: 'GET',
    path: 'configuration/services',
    summary: 'Services, for a combo',
    permission: 'session',
    response: z.array(z.object({ value: ZServiceCode, text: z.string() })),
  }),
  noticeMethods: defineEndpoint({
    id: 'configuration.noticeMethods',
    method: 'GET',
    path: 'configuration/noticeMethods',
    summary: 'Ways a receiver can be notified',
    permission: 'session',
    response: ZComboList,
  }),
  idCardLanguages: defineEndpoint({
    id: 'configuration.idCardLanguages',
    method: 'GET',
    path: 'configuration/idCardLanguages',
    summary: 'Languages of the identification screens',
    permission: 'session',
    response: ZComboList,
  }),
  certificatesByCompany: defineEndpoint({
    id: 'configuration.certificatesByCompany',
    method: 'GET',
    path: 'configuration/certificatesByCompany',
    summary: 'Signing certificates a company may use',
    permission: 'session',
    query: z.object({ companyId: ZId }),
    response: ZPickerList,
  }),
  certificatesBySelectedCompanies: defineEndpoint({
    id: 'configuration.certificatesBySelectedCompanies',
    method: 'GET',
    path: 'configuration/certificatesBySelectedCompanies',
    summary: 'Signing certificates the given companies may use',
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
  usersBySelectedCompanies: defineEndpoint({
    id: 'configuration.usersBySelectedCompanies',
    method: 'GET',
    path: 'configuration/usersBySelectedCompanies',
    summary: 'Users of the given companies',
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
  authUsersBySelectedCompanies: defineEndpoint({
    id: 'configuration.authUsersBySelectedCompanies',
    method: 'GET',
    path: 'configuration/authUsersBySelectedCompanies',
    summary: 'Users of the given companies who may authorise shippings',
    permission: 'session',
    query: ZSelectedCompaniesQuery,
    response: ZPickerList,
  }),
} as const;
