import { z } from 'zod';
import { ZFile, ZIdParams, ZOptionalDomainIdQuery } from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';

/**
 * The print room and the courier's answers: postal operators of the provider (super admins, in any
 * domain) and domain admins (in their own domain).
 */
const POSTAL_OPERATORS: TPermissionRule = { roles: ['superAdmin', 'domainAdmin'] };

export const POSTAL_LETTER_STATUSES = ['waiting', 'batched', 'printed', 'handed', 'delivered', 'failed'] as const;
export type PostalLetterStatus = (typeof POSTAL_LETTER_STATUSES)[number];
export const POSTAL_BATCH_STATUSES = ['created', 'printed', 'handed'] as const;
export type PostalBatchStatus = (typeof POSTAL_BATCH_STATUSES)[number];
export const COURIER_RESULTS = ['delivered', 'failed'] as const;
export type CourierResult = (typeof COURIER_RESULTS)[number];

/** How many letters a batch takes at most: one print run the print room can handle in one go. */
export const POSTAL_BATCH_MAX_LETTERS = 500;
export const POSTAL_LIST_LIMIT = 1000;
export const COURIER_RESULTS_MAX_ROWS = 1000;
export const COURIER_RESULTS_MAX_BYTES = 2 * 1024 * 1024;
export const COURIER_PROOF_MAX_BYTES = 10 * 1024 * 1024;

const ZBase64DataUrl = z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]+$/, 'ERR_FIELD_INVALID');
const base64Length = (bytes: number) => Math.ceil((bytes * 4) / 3) + 200;

export const ZPostalLetter = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(POSTAL_LETTER_STATUSES),
  batchId: z.number().int().nullable(),
  shippingId: z.number().int(),
  shippingGuid: z.string(),
  subject: z.string(),
  shippingState: z.string(),
  receiverName: z.string(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  courierRef: z.string().nullable(),
  resultDate: z.string().nullable(),
  createdAt: z.string(),
});
export type TPostalLetter = z.infer<typeof ZPostalLetter>;

export const ZPostalLettersQuery = ZOptionalDomainIdQuery.extend({
  status: z.enum(POSTAL_LETTER_STATUSES).optional(),
  batchId: z.coerce.number().int().positive().optional(),
});

export const ZPostalBatch = z.object({
  id: z.number().int(),
  status: z.enum(POSTAL_BATCH_STATUSES),
  letterCount: z.number().int(),
  fileSha256: z.string(),
  fileSize: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
  handedAt: z.string().nullable(),
});
export type TPostalBatch = z.infer<typeof ZPostalBatch>;

/** One courier answer: the reference printed on the letter, what happened and when. */
export const ZCourierResultFields = z.object({
  reference: z.uuid('ERR_FIELD_INVALID'),
  result: z.enum(COURIER_RESULTS, 'ERR_FIELD_INVALID'),
  date: z.iso.date('ERR_FIELD_INVALID'),
  courierRef: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100, 'ERR_FIELD_TOO_LONG'),
});
export type TCourierResultFields = z.infer<typeof ZCourierResultFields>;

export const ZCourierResultRequest = ZCourierResultFields.extend({
  /** The signed receipt: a PDF or an image, as a base64 data URL. */
  proof: z
    .object({
      name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FILE_NAME_TOO_LONG'),
      data: ZBase64DataUrl.max(base64Length(COURIER_PROOF_MAX_BYTES), 'ERR_MAX_FILE_SIZE'),
    })
    .optional(),
});
export type TCourierResultRequest = z.infer<typeof ZCourierResultRequest>;

export const ZCourierResultAnswer = z.object({
  reference: z.string(),
  letterStatus: z.enum(POSTAL_LETTER_STATUSES),
  shippingState: z.string(),
});

/**
 * A CSV (or .xlsx) of courier answers: header `reference,result,date,courierRef`, one letter per row.
 * All rows are applied in one transaction or none.
 */
export const ZCourierResultsImport = z.object({
  data: ZBase64DataUrl.max(base64Length(COURIER_RESULTS_MAX_BYTES), 'ERR_MAX_FILE_SIZE'),
  fileName: z.string().max(200).optional(),
});

export const ZCourierResultsImportAnswer = z.object({
  applied: z.number().int().nonnegative(),
  failed: z.array(z.object({ line: z.number().int().positive(), field: z.string().optional(), key: z.string() })),
});
export type TCourierResultsImportAnswer = z.infer<typeof ZCourierResultsImportAnswer>;

export const postalApi = {
  letters: defineEndpoint({
    id: 'postal.letters',
    method: 'GET',
    path: 'postal/letters',
    summary: 'Postal letters of a domain, newest first (waiting ones with status=waiting)',
    permission: POSTAL_OPERATORS,
    query: ZPostalLettersQuery,
    response: z.array(ZPostalLetter),
    beyondSpec: true,
  }),
  batches: defineEndpoint({
    id: 'postal.batches',
    method: 'GET',
    path: 'postal/batches',
    summary: 'Print batches of a domain, newest first',
    permission: POSTAL_OPERATORS,
    query: ZOptionalDomainIdQuery,
    response: z.array(ZPostalBatch),
    beyondSpec: true,
  }),
  createBatch: defineEndpoint({
    id: 'postal.createBatch',
    method: 'POST',
    path: 'postal/batches',
    summary: 'Make a print batch of the letters of a domain waiting now',
    permission: POSTAL_OPERATORS,
    query: ZOptionalDomainIdQuery,
    response: ZPostalBatch,
    beyondSpec: true,
  }),
  batchFile: defineEndpoint({
    id: 'postal.batchFile',
    method: 'GET',
    path: 'postal/batches/{id}/file',
    summary: 'The print batch as one PDF',
    permission: POSTAL_OPERATORS,
    params: ZIdParams,
    response: ZFile,
    responseKind: 'file',
    beyondSpec: true,
  }),
  markPrinted: defineEndpoint({
    id: 'postal.markPrinted',
    method: 'PUT',
    path: 'postal/batches/{id}/printed',
    summary: 'Mark a print batch as printed',
    permission: POSTAL_OPERATORS,
    params: ZIdParams,
    response: ZPostalBatch,
    beyondSpec: true,
  }),
  markHanded: defineEndpoint({
    id: 'postal.markHanded',
    method: 'PUT',
    path: 'postal/batches/{id}/handed',
    summary: 'Mark a printed batch as handed to the courier',
    permission: POSTAL_OPERATORS,
    params: ZIdParams,
    response: ZPostalBatch,
    beyondSpec: true,
  }),
  result: defineEndpoint({
    id: 'postal.result',
    method: 'POST',
    path: 'postal/results',
    summary: "Enter the courier's result of one letter, with its signed receipt",
    permission: POSTAL_OPERATORS,
    body: ZCourierResultRequest,
    response: ZCourierResultAnswer,
    beyondSpec: true,
  }),
  importResults: defineEndpoint({
    id: 'postal.importResults',
    method: 'POST',
    path: 'postal/results/import',
    summary: "Enter the courier's results from a CSV file: all rows or none",
    permission: POSTAL_OPERATORS,
    body: ZCourierResultsImport,
    response: ZCourierResultsImportAnswer,
    beyondSpec: true,
  }),
} as const;
