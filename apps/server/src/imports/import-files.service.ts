import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { TImportSettings } from '../db/import-schema.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import { sendExcel } from '../platform/excel-export.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { importSheetWords } from './import-sheet-words.ts';
import { selectTypeName, streamImportLines } from './imports.queries.ts';
import type { TImportsService } from './imports.service.ts';

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

  /** The failed rows in the file's own columns, their line and their errors: fix them and retry with the file. */
  async function downloadImportErrors(principal: TPrincipal, importId: number, reply: FastifyReply) {
    const record = await imports.recordFor(principal, importId);
    const words = importSheetWords(principal.language, record.settings);
    return sendExcel(
      reply,
      `import-${record.id}-errors.xlsx`,
      words.errorsSheet,
      [
        ...fileColumns(record.settings),
        { header: words.line, value: (row: TLine) => row.line },
        { header: words.column, value: (row: TLine) => words.columnOf(row.errorField) },
        { header: words.error, value: (row: TLine) => words.message(row.errorKey) },
      ],
      streamImportLines(db, record.id, ['ERROR']),
    );
  }

  /** Every row with what became of it. */
  async function report(principal: TPrincipal, importId: number, reply: FastifyReply) {
    const record = await imports.recordFor(principal, importId);
    const words = importSheetWords(principal.language, record.settings);
    return sendExcel(
      reply,
      `import-${record.id}.xlsx`,
      words.reportSheet,
      [
        { header: words.line, value: (row: TLine) => row.line },
        ...fileColumns(record.settings),
        { header: words.state, value: (row: TLine) => words.rowState(row.status) },
        { header: words.shipping, value: (row: TLine) => (row.shippingId === null ? null : Number(row.shippingId)) },
        { header: words.error, value: (row: TLine) => words.message(row.errorKey) },
      ],
      streamImportLines(db, record.id, ['PENDING', 'VALID', 'ERROR', 'CREATED']),
    );
  }

  return { downloadFile, downloadImportErrors, report };
}

/** The file's own columns, as typed: text that no spreadsheet runs as a formula. */
const fileColumns = (settings: TImportSettings) =>
  settings.columns.map((column) => ({
    header: column.header,
    text: true,
    value: (row: TLine) => row.cells[column.key] ?? '',
  }));

type TLine = {
  line: number;
  cells: Record<string, string>;
  status: string;
  errorField: string | null;
  errorKey: string | null;
  shippingId: string | null;
};
