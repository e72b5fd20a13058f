import { z } from 'zod';
import { ZFile, ZId, ZIdField, ZIdList } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZDownloadOption } from '../enums.ts';
import { READ, ZFileRequest, ZRequestIdQuery } from './shippings-common.ts';
import { SHIPPING_DOCUMENT_KINDS } from './shippings-detail.ts';

/** Documentation download (spec §4): at least one shipping and one option; `pack` goes alone. */
export const ZDownloadRequest = z.object({
  listOfRequests: ZIdList,
  downloadOptions: z
    .array(ZDownloadOption)
    .min(1, 'ERR_FIELD_REQUIRED')
    .refine((options) => new Set(options).size === options.length, 'ERR_FIELD_INVALID')
    .refine((options) => !options.includes('pack') || options.length === 1, 'ERR_FIELD_INVALID'),
});
export type TDownloadRequest = z.infer<typeof ZDownloadRequest>;

/** The stored file kinds each download option takes (`pack` takes every kind). */
export const DOWNLOAD_OPTION_KINDS = {
  original: ['original'],
  sent: ['sent'],
  nonReport: ['non_report'],
  certificate: ['certificate'],
  courier: ['courier', 'courier_proof'],
  pack: SHIPPING_DOCUMENT_KINDS,
} as const satisfies Record<z.infer<typeof ZDownloadOption>, readonly (typeof SHIPPING_DOCUMENT_KINDS)[number][]>;

export const ZNumberDownloadFiles = z.object({
  /** Files the archive would hold (the manifest not counted). */
  count: z.number().int().nonnegative(),
  shippings: z.number().int().nonnegative(),
  /** Most shippings one download may take (NUM_DOWNLOAD preference). */
  limit: z.number().int().positive(),
});

const ZFileRequestBody = z.object({ requestId: ZIdField, fileRequest: z.number().int().positive() });

export const shippingsFilesApi = {
  readOriginalFile: defineEndpoint({
    id: 'shippings.readOriginalFile',
    method: 'GET',
    path: 'shippings/shippingreadoriginalfile',
    summary: 'Original file of a shipping document',
    permission: READ,
    query: z.object({ requestId: ZId, fileRequest: ZFileRequest }),
    response: ZFile,
    responseKind: 'file',
  }),
  downloadFile: defineEndpoint({
    id: 'shippings.downloadFile',
    method: 'POST',
    path: 'shippings/shippingdownloadfile',
    summary: 'Download a shipping document',
    permission: READ,
    body: ZFileRequestBody,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadAuthFile: defineEndpoint({
    id: 'shippings.downloadAuthFile',
    method: 'POST',
    path: 'shippings/shippingdownloadauthfile',
    summary: 'Download a document of a shipping that waits for authorisation',
    permission: READ,
    body: ZFileRequestBody,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadPtRequest: defineEndpoint({
    id: 'shippings.downloadPtRequest',
    method: 'POST',
    path: 'shippings/shippingDownloadPtRequest',
    summary: 'Download the evidence document of a shipping',
    permission: READ,
    query: ZRequestIdQuery,
    response: ZFile,
    responseKind: 'file',
  }),
  downloadFiles: defineEndpoint({
    id: 'shippings.downloadFiles',
    method: 'PUT',
    path: 'shippings/shippingdownloadfiles',
    summary: 'Download the chosen documents of several shippings as one archive',
    permission: READ,
    body: ZDownloadRequest,
    response: ZFile,
    responseKind: 'file',
  }),
  numberDownloadFiles: defineEndpoint({
    id: 'shippings.numberDownloadFiles',
    method: 'PUT',
    path: 'shippings/numberDownloadFiles',
    summary: 'How many files a documentation download would hold',
    permission: READ,
    body: ZDownloadRequest,
    response: ZNumberDownloadFiles,
  }),
} as const;
