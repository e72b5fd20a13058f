import { createReadStream } from 'node:fs';
import {
  type TImportDetail,
  type TImportLine,
  type TImportRow,
  ZImportTemplateData,
} from '@sello/contracts/catalogue/imports';
import { LIMITS } from '@sello/contracts/constants';
import type { ImportType } from '@sello/contracts/enums';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { TImportDocument, TImportSettings } from '../db/import-schema.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, fieldError, notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { readImportFile, toImportFileFieldError } from '../platform/import-file.ts';
import { ImportFileError } from '../platform/import-read-budget.ts';
import { IMPORT_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { canUseCompany } from '../platform/tenancy.ts';
import { checkDocumentType } from '../shippings/document-check.ts';
import { mapColumns, normaliseHeader } from './import-columns.ts';
import type { TImportRun } from './import-run.service.ts';
import type { TSpooledFile } from './import-upload.ts';
import { readZipEntries } from './import-zip.ts';
import {
  insertImportWithRows,
  selectCompany,
  selectImport,
  selectImportLines,
  selectImportsPage,
  selectImportUsers,
  selectTemplateForImport,
  selectTypeName,
  type TImportRecord,
  type TImportScope,
  type TNewImport,
  updateImportState,
} from './imports.queries.ts';

/** A file part of a multipart upload, as the route hands it over. */
export type TUploadedFile = { filename: string; mimetype: string; bytes: Buffer };

/** Most rows one import may have (the shipping list's export limit, spec §9). */
export const IMPORT_MAX_ROWS = LIMITS.shippingListExcelExportLimit;
/** Largest shared document: the upload file limit of spec §9, read as megabytes. */
export const IMPORT_MAX_BYTES = LIMITS.uploadFileLimit * LIMITS.byteScale * LIMITS.byteScale;

/** The apostrophe older errors files wrote before a cell starting like a formula (dropped on the way back in). */
export const FORMULA_START = /^'(?=[=+\-@])/;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whose imports a principal sees: super admins every domain's, administrators their domain's, others their companies'. */
export function importScopeOf(principal: TPrincipal): TImportScope {
  if (principal.superAdmin) return { domainId: null, companyIds: null };
  if (principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))) {
    return { domainId: principal.domainId, companyIds: null };
  }
  return { domainId: principal.domainId, companyIds: principal.companyIds };
}

const templateVariables = (text: string) => [
  ...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1]!)),
];

export function createImportsService(deps: {
  db: Kysely<Database>;
  pool: pg.Pool;
  blobs: TBlobStore;
  jobs: TJobQueue;
  run: TImportRun;
}) {
  const { db, blobs, jobs, run } = deps;

  async function companyFor(principal: TPrincipal, companyId: number) {
    const company = await selectCompany(db, String(companyId));
    if (!company || !canUseCompany(principal, company)) throw fieldError('companyId', 'ERR_FIELD_INVALID');
    return company;
  }

  async function typeFor(domainId: string, typeId: number, channel: string) {
    const type = await selectTypeName(db, String(typeId), domainId);
    if (!type) throw fieldError('typeId', 'ERR_FIELD_INVALID');
    if (!(type.channels ?? []).includes(channel)) throw fieldError('channel', 'ERR_CHANNEL_NOT_ALLOWED');
    return type;
  }

  async function recordFor(principal: TPrincipal, importId: number | string): Promise<TImportRecord> {
    const record = await selectImport(db, String(importId), importScopeOf(principal));
    if (!record) throw notFound();
    return record;
  }

  /** Stages the rows and runs the dry run now (up to the online limit) or in the background. */
  async function stage(values: TNewImport, rows: { line: number; cells: Record<string, string> }[]): Promise<string> {
    if (rows.length === 0) throw fieldError('data', 'ERR_FILE_EMPTY');
    if (rows.length > IMPORT_MAX_ROWS) {
      throw new ApiError(400, 'ERR_VALIDATION', { data: 'ERR_TOO_MANY_ROWS' }, { max: IMPORT_MAX_ROWS });
    }
    const importId = await insertImportWithRows(deps.pool, values, rows);
    if (rows.length <= LIMITS.onlineLimit) await run.validate(importId);
    else await jobs.send(IMPORT_JOBS.run, { importId });
    return importId;
  }

  /** Shared documents, and the files of any ZIP among them (rows name those in their `files` column). */
  async function storeDocuments(files: TUploadedFile[]) {
    const shared: TImportDocument[] = [];
    const byName: Record<string, TImportDocument> = {};
    for (const [index, file] of files.entries()) {
      if (file.bytes.subarray(0, 4).equals(ZIP_SIGNATURE) && file.filename.toLowerCase().endsWith('.zip')) {
        let entries: Awaited<ReturnType<typeof readZipEntries>>;
        try {
          entries = await readZipEntries(file.bytes, IMPORT_MAX_BYTES);
        } catch {
          throw fieldError(`documents.${index}`, 'ERR_FILE_TYPE');
        }
        for (const entry of entries) {
          byName[entry.name.toLowerCase()] = await storeFile(
            { filename: entry.name, mimetype: '', bytes: entry.bytes },
            index,
          );
        }
      } else shared.push(await storeFile(file, index));
    }
    return { shared, byName };
  }

  /** One document, checked by its bytes as `sendrequest` checks them, stored once. */
  async function storeFile(file: TUploadedFile, index: number): Promise<TImportDocument> {
    const mime = checkDocumentType(file.filename, { bytes: file.bytes, declaredMime: '' });
    if (file.bytes.length === 0) throw fieldError(`documents.${index}`, 'ERR_FILE_EMPTY');
    if (!mime) throw fieldError(`documents.${index}`, 'ERR_FILE_TYPE');
    const stored = await blobs.put(file.bytes);
    return { name: file.filename, mime, sha256: stored.sha256, size: stored.size, category: 'UNSPECIFIED' };
  }

  async function importFromFile(
    principal: TPrincipal,
    body: {
      companyId: number;
      typeId: number;
      channel: string;
      description?: string;
      mapping?: string;
      data: unknown;
      documents?: unknown;
    },
  ): Promise<TImportDetail> {
    const file = body.data as TSpooledFile | undefined;
    if (!file?.path) throw fieldError('data', 'ERR_FIELD_REQUIRED');
    const company = await companyFor(principal, body.companyId);
    await typeFor(company.domainId, body.typeId, body.channel);
    let manual: Record<string, string> = {};
    try {
      manual = body.mapping ? (JSON.parse(body.mapping) as Record<string, string>) : {};
      if (typeof manual !== 'object' || manual === null || Array.isArray(manual)) throw new Error('not an object');
    } catch {
      throw fieldError('mapping', 'ERR_FIELD_INVALID');
    }
    let table: Awaited<ReturnType<typeof readImportFile>>;
    try {
      table = await readImportFile({ path: file.path }, {}, { maxRows: IMPORT_MAX_ROWS });
    } catch (error) {
      if (error instanceof ImportFileError) throw toImportFileFieldError('data', error);
      throw error;
    }
    const keys = table.headers.map((header) => normaliseHeader(header));
    const rows = table.rows.map((row) => {
      const cells: Record<string, string> = {};
      table.columns.forEach((column, index) => {
        const key = keys[index]!;
        if (key !== '' && row.cells[column] !== undefined) cells[key] = row.cells[column].replace(FORMULA_START, '');
      });
      return { line: row.line, cells };
    });
    const documentFiles = body.documents === undefined ? [] : ([body.documents].flat() as TUploadedFile[]);
    if (documentFiles.length > LIMITS.uploadFileLimit) throw fieldError('documents', 'ERR_TOO_MANY_ITEMS');
    const original = await blobs.put(createReadStream(file.path));
    const stored = await storeDocuments(documentFiles);
    const settings: TImportSettings = {
      typeId: body.typeId,
      channel: body.channel,
      mapping: mapColumns(table.headers, manual),
      columns: table.headers.map((header, index) => ({ header, key: keys[index]! })),
      documents: stored.shared,
      rowDocuments: stored.byName,
    };
    const importId = await stage(
      {
        domainId: company.domainId,
        companyId: company.id,
        userId: principal.userId,
        type: 'FILE',
        description: body.description || null,
        fileName: file.filename,
        fileSha256: original.sha256,
        settings,
      },
      rows,
    );
    return detail(principal, importId);
  }

  async function importWithTemplate(
    principal: TPrincipal,
    body: { companyId: number; description?: string; data: string },
  ): Promise<TImportDetail> {
    const company = await companyFor(principal, body.companyId);
    let json: unknown;
    try {
      json = JSON.parse(body.data);
    } catch {
      throw fieldError('data', 'ERR_FIELD_INVALID');
    }
    const parsed = ZImportTemplateData.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = (issue.message.startsWith('ERR_') ? issue.message : 'ERR_FIELD_INVALID') as ErrorKey;
      throw fieldError(['data', ...issue.path].join('.'), key);
    }
    const data = parsed.data;
    await typeFor(company.domainId, data.typeId, data.channel);
    const template = await selectTemplateForImport(db, company.domainId, company.id, String(data.templateId));
    if (!template) throw fieldError('data.templateId', 'ERR_FIELD_INVALID');
    const headers = [...new Set(data.rows.flatMap((row) => Object.keys(row)))];
    const rows = data.rows.map((row, index) => {
      const cells: Record<string, string> = {};
      for (const [header, value] of Object.entries(row)) cells[normaliseHeader(header)] = value;
      return { line: index + 2, cells };
    });
    const settings: TImportSettings = {
      typeId: data.typeId,
      channel: data.channel,
      templateId: data.templateId,
      mapping: mapColumns(headers),
      columns: headers.map((header) => ({ header, key: normaliseHeader(header) })),
      documents: [],
      variables: templateVariables(`${template.subject ?? ''} ${template.body}`),
    };
    const importId = await stage(
      {
        domainId: company.domainId,
        companyId: company.id,
        userId: principal.userId,
        type: 'TEMPLATE',
        description: body.description || null,
        fileName: null,
        fileSha256: null,
        settings,
      },
      rows,
    );
    return detail(principal, importId);
  }

  /** Confirms a dry run: creates the valid rows' shippings and releases them (now, or in the background). */
  async function save(principal: TPrincipal, importId: number, type: 'FILE' | 'TEMPLATE'): Promise<TImportRow> {
    const record = await recordFor(principal, importId);
    if (record.type !== type) throw notFound();
    if (record.state !== 'VALIDATED' || record.valid === record.created) {
      throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
    }
    if (!(await updateImportState(db, record.id, ['VALIDATED'], 'IN_COURSE'))) {
      throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED');
    }
    if (record.valid - record.created <= LIMITS.onlineLimit) await run.save(record.id);
    else await jobs.send(IMPORT_JOBS.run, { importId: record.id });
    return toImportRow(await recordFor(principal, importId));
  }

  /** The file column a field path came from (`receivers.0.postal.city` → the column mapped to `city`). */
  function columnOf(settings: TImportSettings, field: string | null): string | null {
    if (!field) return null;
    const name = field.split('.').at(-1)!;
    const key = Object.entries(settings.mapping).find(([, mapped]) => mapped === name)?.[0];
    return settings.columns.find((column) => column.key === key)?.header ?? null;
  }

  /** A row's cells under the file's headers (a column whose header is blank holds nothing the user can name). */
  function cellsByHeader(settings: TImportSettings, cells: Record<string, string>): Record<string, string> {
    const byHeader = new Map<string, string>();
    for (const column of settings.columns) {
      if (column.key !== '' && !byHeader.has(column.header)) byHeader.set(column.header, cells[column.key] ?? '');
    }
    return Object.fromEntries(byHeader);
  }

  async function detail(principal: TPrincipal, importId: number | string): Promise<TImportDetail> {
    const record = await recordFor(principal, importId);
    const settings = record.settings;
    const nameKey = Object.entries(settings.mapping).find(([, field]) => field === 'name')?.[0];
    const lines = await selectImportLines(db, record.id, LIMITS.onlineLimit);
    return {
      ...toImportRow(record),
      columns: settings.columns.map((column) => column.header),
      mapping: Object.fromEntries(
        settings.columns.flatMap((column) =>
          settings.mapping[column.key] ? [[column.header, settings.mapping[column.key]!]] : [],
        ),
      ),
      lines: lines.map(
        (line): TImportLine => ({
          line: line.line,
          receiver: (nameKey && line.cells[nameKey]) || '',
          requestId: line.shippingId === null ? null : Number(line.shippingId),
          state: line.status,
          field: line.errorField,
          column: columnOf(settings, line.errorField),
          errorKey: line.errorKey,
          ...(line.status === 'ERROR' && { cells: cellsByHeader(settings, line.cells) }),
        }),
      ),
    };
  }

  async function list(
    principal: TPrincipal,
    query: { first: number; pageSize: number; type: ImportType; importId?: number; filters?: string },
  ) {
    let userId: string | undefined;
    try {
      const filters = query.filters ? (JSON.parse(query.filters) as Record<string, unknown>) : {};
      if (filters.userId !== undefined && filters.userId !== null) userId = String(Number(filters.userId));
    } catch {
      throw fieldError('filters', 'ERR_FIELD_INVALID');
    }
    const page = await selectImportsPage(db, importScopeOf(principal), {
      type: query.type === 'ALL' ? null : query.type,
      importId: query.importId,
      userId,
      first: query.first,
      pageSize: query.pageSize,
    });
    return { rows: page.rows.map(toImportRow), total: page.total };
  }

  async function listReduced(principal: TPrincipal, type: ImportType) {
    const page = await selectImportsPage(db, importScopeOf(principal), {
      type: type === 'ALL' ? null : type,
      first: 0,
      pageSize: LIMITS.onlineLimit,
    });
    return page.rows.map((row) => ({
      value: Number(row.id),
      text: `#${row.id} ${row.description ?? row.fileName ?? ''}`.trim(),
      description: row.companyName,
      blocked: false,
    }));
  }

  async function usersWithImportForCombo(principal: TPrincipal) {
    const users = await selectImportUsers(db, importScopeOf(principal));
    return users.map((user) => ({
      value: Number(user.id),
      text: user.username,
      description: user.name,
      blocked: !user.active,
    }));
  }

  return {
    import: importFromFile,
    importWithTemplate,
    saveFromFile: (principal: TPrincipal, importId: number) => save(principal, importId, 'FILE'),
    saveWithTemplate: (principal: TPrincipal, importId: number) => save(principal, importId, 'TEMPLATE'),
    detail,
    refreshTable: detail,
    list,
    listReduced,
    usersWithImportForCombo,
    recordFor,
  };
}

export type TImportsService = ReturnType<typeof createImportsService>;

/** An import as the list and the answers show it. */
export function toImportRow(record: TImportRecord): TImportRow {
  return {
    importId: Number(record.id),
    type: record.type,
    companyId: Number(record.companyId),
    companyName: record.companyName,
    description: record.description,
    fileName: record.fileName,
    userid: record.userid,
    state: record.state,
    total: record.total,
    valid: record.valid,
    errors: record.errors,
    created: record.created,
    errorKey: record.errorKey,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
