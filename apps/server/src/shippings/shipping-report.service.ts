import { PassThrough } from 'node:stream';
import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import type { TExportJob, TShippingsReportRequest } from '@sello/contracts/catalogue/shippings-report';
import { DEFAULT_LANGUAGE, type Language } from '@sello/contracts/constants';
import { SERVICE_NAMES } from '@sello/contracts/reference/services';
import { CHANNEL_NAMES, labelOf, resultLabel, STATE_NAMES } from '@sello/contracts/reference/status-labels';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import { sendExcel, sheetColumnsOf, type TExcelColumn } from '../platform/excel-export.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { requestTimeZone } from '../platform/time-zone.ts';
import { writeXlsx } from '../platform/xlsx-writer.ts';
import { deleteExpiredExportJobs, insertExportJob, markExportJob, selectExportJob } from './shipping-export.queries.ts';
import { orderedShippingExport, orderedShippingList, toShippingRow } from './shippings.service.ts';

const LABELS = {
  'en-en': {
    sheet: 'Shippings',
    columns: [
      'Id',
      'Reference',
      'Subject',
      'Service',
      'Channel',
      'Type',
      'Company',
      'Sender',
      'Receiver',
      'State',
      'Result',
      'Sandbox',
      'Created',
      'Updated',
      'Form data',
    ],
    yes: 'Yes',
    no: 'No',
  },
  'es-es': {
    sheet: 'Envíos',
    columns: [
      'Id',
      'Referencia',
      'Asunto',
      'Servicio',
      'Canal',
      'Tipo',
      'Empresa',
      'Remitente',
      'Destinatario',
      'Estado',
      'Resultado',
      'Pruebas',
      'Creado',
      'Actualizado',
      'Datos del formulario',
    ],
    yes: 'Sí',
    no: 'No',
  },
  'pt-pt': {
    sheet: 'Envios',
    columns: [
      'Id',
      'Referência',
      'Assunto',
      'Serviço',
      'Canal',
      'Tipo',
      'Empresa',
      'Remetente',
      'Destinatário',
      'Estado',
      'Resultado',
      'Testes',
      'Criado',
      'Atualizado',
      'Dados do formulário',
    ],
    yes: 'Sim',
    no: 'Não',
  },
} satisfies Record<Language, { sheet: string; columns: string[]; yes: string; no: string }>;

/** A row of the export: the list's row and the form values of its type's form, as `label: value` pairs. */
type TReportRow = TShippingRow & { formData: string };

function formData(values: readonly { label: string; value: string }[] | null): string {
  return (values ?? []).map((entry) => `${entry.label}: ${entry.value}`).join('; ');
}

function reportColumns(language: Language | undefined): { sheet: string; columns: TExcelColumn<TReportRow>[] } {
  const labels = LABELS[language ?? DEFAULT_LANGUAGE];
  const values: ((row: TReportRow) => string | number | Date | null)[] = [
    (row) => row.requestId,
    (row) => row.reference,
    (row) => row.subject,
    (row) => labelOf(SERVICE_NAMES, row.service, language),
    (row) => labelOf(CHANNEL_NAMES, row.channel, language),
    (row) => row.typeName,
    (row) => row.companyName,
    (row) => row.sender,
    (row) => row.receiver,
    (row) => labelOf(STATE_NAMES, row.state, language),
    (row) => resultLabel(row.result, row.service, language) || null,
    (row) => (row.isSandbox ? labels.yes : labels.no),
    (row) => new Date(row.createdAt),
    (row) => new Date(row.updatedAt),
    (row) => row.formData,
  ];
  return {
    sheet: labels.sheet,
    columns: values.map((value, index) => ({
      header: labels.columns[index]!,
      width: index === 2 || index === 14 ? 40 : 20,
      dateTime: index === 12 || index === 13,
      value,
    })),
  };
}

async function* mapRows<In, Out>(rows: AsyncIterable<In>, map: (row: In) => Out): AsyncIterable<Out> {
  for await (const row of rows) yield map(row);
}

/** Writes the rows to an .xlsx (platform/xlsx-writer.ts, as the direct export) and answers the file and the row count. */
async function writeWorkbook(
  sheetName: string,
  columns: TExcelColumn<TReportRow>[],
  rows: AsyncIterable<TReportRow>,
  timeZone: string,
) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  let count = 0;
  async function* cells() {
    for await (const row of rows) {
      count++;
      yield columns.map((column) => column.value(row));
    }
  }
  await writeXlsx(stream, sheetName, sheetColumnsOf(columns, timeZone), cells(), timeZone);
  await finished;
  return { file: Buffer.concat(chunks), count };
}

const toJob = (row: {
  guid: string;
  state: string;
  rowCount: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}): TExportJob => ({
  jobId: row.guid,
  state: row.state as TExportJob['state'],
  rowCount: row.rowCount,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt === null ? null : row.finishedAt.toISOString(),
});

export function createShippingReport(deps: {
  db: Kysely<Database>;
  exports: TBlobStore;
  logger: FastifyBaseLogger;
  /** Asynchronous exports one user may have in course at once (config EXPORTS_IN_COURSE_PER_USER). */
  maxInCourse?: number;
}) {
  const { db, exports, logger, maxInCourse = 2 } = deps;
  const running = new Set<Promise<void>>();

  function rowsOf(principal: TPrincipal, request: TShippingsReportRequest) {
    const { ordered } = orderedShippingExport(db, principal, { ...request, domainid: request.domainId });
    return mapRows(ordered.offset(request.first).limit(request.pageSize).stream(1000), (row) => ({
      ...toShippingRow(row),
      formData: formData(row.formValues),
    }));
  }

  /** Prepares the file in this process; the job queue of the delivery side will take this over. */
  async function runJob(jobId: string, principal: TPrincipal, request: TShippingsReportRequest, timeZone: string) {
    try {
      await markExportJob(db, jobId, { state: 'running' });
      const { sheet, columns } = reportColumns(request.language);
      const { file, count } = await writeWorkbook(sheet, columns, rowsOf(principal, request), timeZone);
      const stored = await exports.put(file);
      await markExportJob(db, jobId, {
        state: 'ready',
        rowCount: count,
        fileKey: stored.key,
        fileName: 'shippings.xlsx',
      });
    } catch (error) {
      logger.error({ err: error, jobId }, 'shipping export failed');
      await markExportJob(db, jobId, { state: 'failed', error: (error as Error).message }).catch(() => {});
    }
  }

  async function report(principal: TPrincipal, request: TShippingsReportRequest, reply: FastifyReply) {
    if (request.jobId !== undefined) {
      const job = await selectExportJob(db, principal.userId, request.jobId);
      if (!job) throw notFound();
      if (job.state === 'failed') throw new ApiError(409, 'ERR_EXPORT_FAILED');
      if (job.state !== 'ready' || !job.fileKey) return reply.code(202).send(toJob(job));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', job.fileName ?? 'shippings.xlsx'))
        .header('x-export-rows', String(job.rowCount ?? 0))
        .send(await exports.open(job.fileKey));
    }
    // Checks the query now, so a bad one answers 400 instead of a failed job.
    orderedShippingList(db, principal, { ...request, domainid: request.domainId });
    if (request.asynchronous) {
      const job = await insertExportJob(db, principal.userId, { ...request, authToken: undefined }, maxInCourse);
      if (!job) throw new ApiError(429, 'ERR_EXPORTS_IN_COURSE', undefined, { max: maxInCourse });
      const timeZone = requestTimeZone(reply.request.headers);
      const work = runJob(job.id, principal, request, timeZone).finally(() => running.delete(work));
      running.add(work);
      return reply.code(202).send(toJob(job));
    }
    const { sheet, columns } = reportColumns(request.language);
    return sendExcel(reply, 'shippings.xlsx', sheet, columns, rowsOf(principal, request));
  }

  /** Forgets the exports whose offer has expired and deletes their files. Answers how many files went. */
  async function purgeExpired(now = new Date()): Promise<number> {
    const keys = await deleteExpiredExportJobs(db, now);
    for (const key of keys) await exports.remove(key);
    return keys.length;
  }

  /** Waits for the exports still being prepared (tests, shutdown). */
  async function settle(): Promise<void> {
    await Promise.all([...running]);
  }

  return { report, settle, purgeExpired };
}
