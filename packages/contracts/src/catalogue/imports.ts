import { z } from 'zod';
import { pageOf, ZFile, ZId, ZIdField, ZPagedQuery, ZPickerList, ZSelectedQuery, ZTimestamp } from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { ZImportState, ZImportType } from '../enums.ts';

/** Spec §6: the imports list needs shpImport; importing also needs edit mode, from a template shpImportTemplate. */
const READ = { all: ['shpImport'] } as const satisfies TPermissionRule;
const IMPORT_FILE = { all: ['shpImport', 'editMode'] } as const satisfies TPermissionRule;
const IMPORT_TEMPLATE = { all: ['shpImportTemplate', 'editMode'] } as const satisfies TPermissionRule;

export const ZImportRow = z.object({
  importId: z.number().int(),
  type: ZImportType.exclude(['ALL']),
  companyId: z.number().int(),
  companyName: z.string(),
  description: z.string().nullable(),
  fileName: z.string().nullable(),
  userid: z.string(),
  state: ZImportState,
  total: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TImportRow = z.infer<typeof ZImportRow>;

/** One row of the imported file and what became of it. */
export const ZImportLine = z.object({
  line: z.number().int().positive(),
  receiver: z.string(),
  requestId: z.number().int().nullable(),
  state: z.enum(['PENDING', 'SENT', 'ERROR']),
  errorKey: z.string().nullable(),
});

export const ZImportDetail = ZImportRow.extend({ lines: z.array(ZImportLine) });
export type TImportDetail = z.infer<typeof ZImportDetail>;

/**
 * Import upload of spec §3. A file import is multipart, so `companyId` arrives as text and `data` is
 * the file part; a template import is JSON and `data` is the filled template as JSON text.
 */
const ZImportUploadBase = z.object({
  companyId: ZId,
  description: z.string().trim().max(200).optional(),
});
export const ZImportFileUpload = ZImportUploadBase.extend({ data: ZFile.describe('the uploaded file') });
export const ZImportTemplateUpload = ZImportUploadBase.extend({
  data: z
    .string()
    .min(1)
    .max(10 * 1024 * 1024),
});

const ZImportSave = z.object({ importId: ZIdField });

export const ZImportsListQuery = ZPagedQuery.extend({
  type: ZImportType.default('ALL'),
  importId: ZId.optional(),
});

export const importsApi = {
  import: defineEndpoint({
    id: 'imports.import',
    method: 'POST',
    path: 'shipping/import/import',
    summary: 'Upload a file of shippings and validate it',
    permission: IMPORT_FILE,
    body: ZImportFileUpload,
    response: ZImportDetail,
  }),
  saveFromFile: defineEndpoint({
    id: 'imports.saveFromFile',
    method: 'POST',
    path: 'shipping/import/saveFromFile',
    summary: 'Confirm a validated file import and create its shippings',
    permission: IMPORT_FILE,
    body: ZImportSave,
    response: ZImportRow,
    methodChosen: true,
  }),
  importWithTemplate: defineEndpoint({
    id: 'imports.importWithTemplate',
    method: 'POST',
    path: 'shipping/import/importWithTemplate',
    summary: 'Upload a filled template of shippings and validate it',
    permission: IMPORT_TEMPLATE,
    body: ZImportTemplateUpload,
    response: ZImportDetail,
    methodChosen: true,
  }),
  saveWithTemplate: defineEndpoint({
    id: 'imports.saveWithTemplate',
    method: 'POST',
    path: 'shipping/import/saveWithTemplate',
    summary: 'Confirm a validated template import and create its shippings',
    permission: IMPORT_TEMPLATE,
    body: ZImportSave,
    response: ZImportRow,
    methodChosen: true,
  }),
  downloadFile: defineEndpoint({
    id: 'imports.downloadFile',
    method: 'GET',
    path: 'shipping/import/downloadFile',
    summary: 'The file an import was made from',
    permission: READ,
    query: ZSelectedQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  downloadImportErrors: defineEndpoint({
    id: 'imports.downloadImportErrors',
    method: 'PUT',
    path: 'shipping/import/downloadImportErrors',
    summary: 'The rows of an import that failed, with their errors',
    permission: READ,
    query: ZSelectedQuery,
    response: ZFile,
    responseKind: 'file',
  }),
  list: defineEndpoint({
    id: 'imports.list',
    method: 'GET',
    path: 'shipping/import/importslist',
    summary: 'Page of the imports list',
    permission: READ,
    query: ZImportsListQuery,
    response: pageOf(ZImportRow),
  }),
  listReduced: defineEndpoint({
    id: 'imports.listReduced',
    method: 'GET',
    path: 'shipping/import/importsListReduced',
    summary: 'Imports for a combo, most recent first',
    permission: READ,
    query: z.object({ type: ZImportType.default('ALL') }),
    response: ZPickerList,
  }),
  usersWithImportForCombo: defineEndpoint({
    id: 'imports.usersWithImportForCombo',
    method: 'GET',
    path: 'shipping/import/userwithimportforcombo',
    summary: 'Users who made imports, for the list filter',
    permission: READ,
    response: ZPickerList,
  }),
  detail: defineEndpoint({
    id: 'imports.detail',
    method: 'GET',
    path: 'shipping/import/importdetail',
    summary: 'One import with its rows',
    permission: READ,
    query: ZSelectedQuery,
    response: ZImportDetail,
    methodChosen: true,
  }),
  report: defineEndpoint({
    id: 'imports.report',
    method: 'GET',
    path: 'shipping/import/importsreport',
    summary: 'Export the rows of an import',
    permission: READ,
    query: ZSelectedQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  retryErrors: defineEndpoint({
    id: 'imports.retryErrors',
    method: 'PUT',
    path: 'shipping/import/retryErrors',
    summary: 'Retry the failed rows of an import',
    permission: IMPORT_FILE,
    query: ZSelectedQuery,
    response: ZImportRow,
  }),
  refreshTable: defineEndpoint({
    id: 'imports.refreshTable',
    method: 'GET',
    path: 'shipping/import/refreshTable',
    summary: 'Current state of an import and its rows',
    permission: READ,
    query: ZSelectedQuery,
    response: ZImportDetail,
    methodChosen: true,
  }),
} as const;
