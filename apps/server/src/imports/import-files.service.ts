import { IMPORT_FIELDS } from '@sello/contracts/catalogue/imports';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import { sendExcel } from '../platform/excel-export.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { selectTypeName, streamImportLines } from './imports.queries.ts';
import type { TImportsService } from './imports.service.ts';

/** A spreadsheet would run a cell that starts like a formula: such cells are written behind an apostrophe. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/** Sample headers in the user's language (the import also reads the other two). */
const SAMPLE_HEADERS: Record<string, Record<string, string>> = {
  es: {
    name: 'Nombre',
    email: 'Correo',
    mobile: 'Móvil',
    subject: 'Asunto',
    reference: 'Referencia',
    documentType: 'Tipo documento',
    documentNumber: 'Documento',
    message: 'Mensaje',
  },
  en: {
    name: 'Name',
    email: 'Email',
    mobile: 'Mobile',
    subject: 'Subject',
    reference: 'Reference',
    documentType: 'Document type',
    documentNumber: 'Document number',
    message: 'Message',
  },
  pt: {
    name: 'Nome',
    email: 'Email',
    mobile: 'Telemóvel',
    subject: 'Assunto',
    reference: 'Referência',
    documentType: 'Tipo de documento',
    documentNumber: 'Documento',
    message: 'Mensagem',
  },
};

const csvCell = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function createImportFiles(deps: { db: Kysely<Database>; blobs: TBlobStore; imports: TImportsService }) {
  const { db, blobs, imports } = deps;

  /** The file an import came from, or (typeId) a sample CSV showing a type's columns. */
  async function downloadFile(
    principal: TPrincipal,
    query: { selected?: number; typeId?: number },
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (query.selected !== undefined) {
      const record = await imports.recordFor(principal, query.selected);
      if (!record.fileSha256 || !record.fileName) throw notFound();
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', contentDisposition('attachment', record.fileName));
      return reply.send(await blobs.open(record.fileSha256));
    }
    if (query.typeId === undefined) throw notFound();
    const type = await selectTypeName(db, String(query.typeId), principal.domainId);
    if (!type) throw notFound();
    const language = principal.language.slice(0, 2);
    const names = SAMPLE_HEADERS[language] ?? SAMPLE_HEADERS.es!;
    const postal = (type.channels ?? []).includes('postal');
    const fields = ['reference', 'subject', 'name', 'documentType', 'documentNumber', 'email', 'mobile'];
    const headers = fields.map((field) => names[field] ?? field);
    if (postal) headers.push('street', 'postalCode', 'city', 'country');
    const example = ['REF-001', 'Aviso', 'Lucía Fernández', 'DNI', '12345678Z', 'lucia@example.es', '+34612345678'];
    if (postal) example.push('Calle Mayor 5', '28013', 'Madrid', 'ES');
    const csv = `\uFEFF${headers.map(csvCell).join(';')}\r\n${example.map(csvCell).join(';')}\r\n`;
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', contentDisposition('attachment', `sample-${type.id}.csv`));
    return reply.send(csv);
  }

  /** The failed rows in the file's own columns plus their errors: fix them and upload the file again. */
  async function downloadImportErrors(principal: TPrincipal, importId: number, reply: FastifyReply) {
    const record = await imports.recordFor(principal, importId);
    const columns = record.settings.columns;
    const mappedName = (field: string | null) => {
      const name = field?.split('.').at(-1);
      return name && (IMPORT_FIELDS as readonly string[]).includes(name) ? name : field;
    };
    return sendExcel(
      reply,
      `import-${record.id}-errors.xlsx`,
      'Errors',
      [
        ...columns.map((column) => ({
          header: column.header,
          value: (row: TLine) => neutraliseCell(row.cells[column.key] ?? ''),
        })),
        { header: 'error_field', value: (row: TLine) => mappedName(row.errorField) ?? '' },
        { header: 'error', value: (row: TLine) => row.errorKey ?? '' },
      ],
      streamImportLines(db, record.id, ['ERROR']),
    );
  }

  /** Every row with what became of it. */
  async function report(principal: TPrincipal, importId: number, reply: FastifyReply) {
    const record = await imports.recordFor(principal, importId);
    return sendExcel(
      reply,
      `import-${record.id}.xlsx`,
      'Import',
      [
        { header: 'line', value: (row: TLine) => row.line },
        ...record.settings.columns.map((column) => ({
          header: column.header,
          value: (row: TLine) => neutraliseCell(row.cells[column.key] ?? ''),
        })),
        { header: 'state', value: (row: TLine) => row.status },
        { header: 'requestId', value: (row: TLine) => (row.shippingId === null ? null : Number(row.shippingId)) },
        { header: 'error', value: (row: TLine) => row.errorKey ?? '' },
      ],
      streamImportLines(db, record.id, ['PENDING', 'VALID', 'ERROR', 'CREATED']),
    );
  }

  return { downloadFile, downloadImportErrors, report };
}

type TLine = {
  line: number;
  cells: Record<string, string>;
  status: string;
  errorField: string | null;
  errorKey: string | null;
  shippingId: string | null;
};
