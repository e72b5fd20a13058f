import { z } from 'zod';
import { pageOf, ZFile, ZId, ZIdField, ZPagedQuery, ZPickerList, ZSelectedQuery, ZTimestamp } from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { ZChannel, ZImportState, ZImportType } from '../enums.ts';

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
  /** Shippings created so far (saving shows progress by it). */
  created: z.number().int().nonnegative(),
  /** Why the import stopped, when its state is ERROR. */
  errorKey: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const IMPORT_LINE_STATES = ['PENDING', 'VALID', 'ERROR', 'CREATED'] as const;

/** One row of the imported file and what became of it: checked, refused (column and key) or created. */
export const ZImportLine = z.object({
  line: z.number().int().positive(),
  receiver: z.string(),
  requestId: z.number().int().nullable(),
  state: z.enum(IMPORT_LINE_STATES),
  /** The shipping field the error is about (`receivers.0.email`), and the file column it came from. */
  field: z.string().nullable(),
  column: z.string().nullable(),
  errorKey: z.string().nullable(),
  /** A failed row's cells by the file's headers, for correcting it on screen (`retryRows`); absent on other rows. */
  cells: z.record(z.string(), z.string()).optional(),
});
export type TImportLine = z.infer<typeof ZImportLine>;

/**
 * An import with at most the online limit of its rows (spec §9): the failed ones first, then the rest in
 * file order. `columns` are the file's headers, `mapping` the field each one fills.
 */
export const ZImportDetail = ZImportRow.extend({
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  lines: z.array(ZImportLine),
});
export type TImportDetail = z.infer<typeof ZImportDetail>;

/**
 * Import upload of spec §3. A file import is multipart, so `companyId` arrives as text and `data` is
 * the file part; a template import is JSON and `data` is the filled template as JSON text.
 */
const ZImportUploadBase = z.object({
  companyId: ZId,
  description: z.string().trim().max(200).optional(),
});

/** Shipping fields a file column can fill (`IMPORT_FIELDS`); other columns are ignored unless mapped. */
export const IMPORT_FIELDS = [
  'reference',
  'subject',
  'message',
  'name',
  'receiverType',
  'documentType',
  'documentNumber',
  'email',
  'cc',
  'mobile',
  'language',
  'streetType',
  'street',
  'streetNumber',
  'addressExtra',
  'postalCode',
  'city',
  'province',
  'country',
  'custodyDays',
  /** Names of the row's own files in the uploaded ZIP, separated by `,` `;` or `|`. */
  'files',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Largest import file (`data`): 100,000 rows (the row limit) of up to fifteen cells (the reader's 1,500,000 cells)
 * at about 40 bytes a cell is 60 MB. The shared `documents` keep spec §9's `uploadFileLimit`.
 */
export const IMPORT_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** Multipart: text parts and the file part `data`; `documents` parts are shared by every row. */
export const ZImportFileUpload = ZImportUploadBase.extend({
  typeId: ZId,
  channel: ZChannel,
  /** JSON object: file header → field of IMPORT_FIELDS, for columns the headers do not name. */
  mapping: z.string().max(10_000).optional(),
  data: ZFile.describe('the uploaded file'),
  documents: ZFile.optional().describe('documents shared by every row'),
});

/** `data` of `importWithTemplate`, as JSON text: each row fills the receiver fields and the template's variables. */
export const ZImportTemplateData = z.object({
  typeId: ZIdField,
  templateId: ZIdField,
  channel: ZChannel,
  rows: z
    .array(z.record(z.string().max(64), z.string().max(2000)))
    .min(1, 'ERR_FILE_EMPTY')
    .max(100_000, 'ERR_TOO_MANY_ROWS'),
});
export type TImportTemplateData = z.infer<typeof ZImportTemplateData>;
export const ZImportTemplateUpload = ZImportUploadBase.extend({
  data: z
    .string()
    .min(1)
    .max(10 * 1024 * 1024),
});

const ZImportSave = z.object({ importId: ZIdField });

/**
 * Multipart: the import's errors file (`downloadImportErrors`) with its failed rows corrected. Its line column says
 * which row each one corrects; only failed rows may be corrected, and rows already created are never touched.
 */
export const ZImportRetryFile = z.object({
  importId: ZId,
  data: ZFile.describe('the corrected errors file'),
});

/**
 * Longest cell a row corrected on screen may hold (the template import's cells); longest header it may name.
 * A file's own cells are bounded by its size and the reader's 1 MiB record.
 */
export const IMPORT_CELL_MAX_CHARS = 2000;
export const IMPORT_HEADER_MAX_CHARS = 200;

/**
 * Failed rows corrected on screen: each names its line and the cells it changes by the file's headers. Only failed
 * rows may be corrected, at most the online limit at once; rows already created are never touched.
 */
export const ZImportRetryRows = z.object({
  importId: ZIdField,
  rows: z
    .array(
      z.object({
        line: z.number().int().positive(),
        cells: z.record(
          z.string().max(IMPORT_HEADER_MAX_CHARS, 'ERR_FIELD_TOO_LONG'),
          z.string().max(IMPORT_CELL_MAX_CHARS, 'ERR_FIELD_TOO_LONG'),
        ),
      }),
    )
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(LIMITS.onlineLimit, 'ERR_TOO_MANY_ITEMS'),
});
export type TImportRetryRows = z.infer<typeof ZImportRetryRows>;

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
    summary: 'The file an import was made from (selected), or the sample file of a type (typeId)',
    permission: READ,
    query: z.object({ selected: ZId.optional(), typeId: ZId.optional() }),
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
  retryWithFile: defineEndpoint({
    id: 'imports.retryWithFile',
    method: 'POST',
    path: 'shipping/import/retryWithFile',
    summary: 'Retry the failed rows of an import with their corrections: its errors file, fixed',
    permission: IMPORT_FILE,
    body: ZImportRetryFile,
    response: ZImportRow,
    methodChosen: true,
    beyondSpec: true,
  }),
  retryRows: defineEndpoint({
    id: 'imports.retryRows',
    method: 'POST',
    path: 'shipping/import/retryRows',
    summary: 'Retry the failed rows of an import with the rows corrected on screen',
    permission: IMPORT_FILE,
    body: ZImportRetryRows,
    response: ZImportRow,
    methodChosen: true,
    beyondSpec: true,
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
