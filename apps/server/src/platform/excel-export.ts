import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { requestTimeZone } from './time-zone.ts';
import { type TCellValue, type TSheetColumn, writeXlsx } from './xlsx-writer.ts';

export type TExcelColumn<Row> = {
  header: string;
  width?: number;
  /** A date-time column: its header names the zone its times are read in. */
  dateTime?: boolean;
  /** What people typed: written as text that no spreadsheet runs as a formula (see TSheetColumn). */
  text?: boolean;
  value: (row: Row) => string | number | boolean | Date | null;
};

const DEFAULT_WIDTH = 20;

async function* cellRows<Row>(rows: AsyncIterable<Row>, columns: TExcelColumn<Row>[]): AsyncIterable<TCellValue[]> {
  for await (const row of rows) yield columns.map((column) => column.value(row));
}

/** The sheet's columns, each date-time header naming `timeZone` ("Created (Europe/Madrid)"). */
export function sheetColumnsOf<Row>(columns: readonly TExcelColumn<Row>[], timeZone: string): TSheetColumn[] {
  return columns.map((column) => ({
    header: column.dateTime ? `${column.header} (${timeZone})` : column.header,
    width: column.width ?? DEFAULT_WIDTH,
    text: column.text,
  }));
}

/**
 * Streams rows into an .xlsx answer (platform/xlsx-writer.ts): the workbook is written as rows arrive,
 * so a 100,000-row export never sits whole in memory. Should the client go away, reading the rows stops
 * (a database cursor behind them is closed). Date-times are written in the caller's zone (platform/time-zone.ts).
 */
export function sendExcel<Row>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: TExcelColumn<Row>[],
  rows: AsyncIterable<Row>,
): FastifyReply {
  const stream = new PassThrough();
  const timeZone = requestTimeZone(reply.request.headers);
  writeXlsx(stream, sheetName, sheetColumnsOf(columns, timeZone), cellRows(rows, columns), timeZone).catch(
    (error: Error) => {
      stream.destroy(error);
    },
  );
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(stream);
}
