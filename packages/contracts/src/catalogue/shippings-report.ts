import { z } from 'zod';
import { ZFile, ZReportExportRequest, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { READ, SHIPPING_SEARCH_MAX, ZShippingListScope } from './shippings-common.ts';

/**
 * Export of the shipping list: the list query of the screen. With `asynchronous` the file is prepared
 * in the background: the answer is 202 with the job; asking again with `jobId` answers 202 with its
 * state until it is ready, then the file.
 */
export const ZShippingsReportRequest = ZReportExportRequest.extend({
  filterFrom: z.number().int().min(0).optional(),
  filterTo: z.number().int().min(0).optional(),
  filterAll: z.string().trim().max(SHIPPING_SEARCH_MAX).optional(),
  customFilters: z.string().max(4000).optional(),
  scope: ZShippingListScope.default('own'),
  asynchronous: z.boolean().default(false),
  jobId: z.uuid().optional(),
});
export type TShippingsReportRequest = z.infer<typeof ZShippingsReportRequest>;

export const EXPORT_JOB_STATES = ['pending', 'running', 'ready', 'failed'] as const;
export const ZExportJob = z.object({
  jobId: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  rowCount: z.number().int().nullable(),
  createdAt: ZTimestamp,
  finishedAt: ZTimestamp.nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

export const shippingsReportApi = {
  report: defineEndpoint({
    id: 'shippings.report',
    method: 'POST',
    path: 'shippings/shippingsreport',
    summary: 'Export the shipping list, directly or in the background',
    permission: READ,
    body: ZShippingsReportRequest,
    response: ZFile,
    responseKind: 'file',
  }),
} as const;
