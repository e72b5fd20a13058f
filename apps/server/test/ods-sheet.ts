import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { readWhole } from '../src/platform/blob-store.ts';

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A cell as LibreOffice writes it: text in paragraphs, numbers and dates with their value beside their display. */
export type TOdsCell =
  | string
  | { number: number; shown: string }
  | { date: string; shown: string }
  | { repeat: number; text: string };

function cellXml(cell: TOdsCell): string {
  if (typeof cell === 'string') {
    if (cell === '') return '<table:table-cell/>';
    const paragraphs = cell.split('\n').map((line) => `<text:p>${escapeText(line)}</text:p>`);
    return `<table:table-cell office:value-type="string">${paragraphs.join('')}</table:table-cell>`;
  }
  if ('number' in cell) {
    return `<table:table-cell office:value-type="float" office:value="${cell.number}"><text:p>${cell.shown}</text:p></table:table-cell>`;
  }
  if ('date' in cell) {
    return `<table:table-cell office:value-type="date" office:date-value="${cell.date}"><text:p>${cell.shown}</text:p></table:table-cell>`;
  }
  const body = cell.text === '' ? '' : `<text:p>${escapeText(cell.text)}</text:p>`;
  return `<table:table-cell table:number-columns-repeated="${cell.repeat}"${cell.text === '' ? '' : ' office:value-type="string"'}>${body}</table:table-cell>`;
}

/**
 * An .ods as LibreOffice saves it: `mimetype` stored first, the sheet in `content.xml`, each row ending in a run of
 * empty cells up to column 1024 and the sheet in a run of a million empty rows (`tail`), and a second sheet.
 */
export async function odsSheet(rows: TOdsCell[][], options: { tailRows?: number; rowRepeat?: number } = {}) {
  const { tailRows = 1_048_000, rowRepeat = 1 } = options;
  const rowsXml = rows
    .map((row, index) => {
      const repeat = index > 0 && rowRepeat > 1 ? ` table:number-rows-repeated="${rowRepeat}"` : '';
      return `<table:table-row${repeat}>${row.map(cellXml).join('')}<table:table-cell table:number-columns-repeated="${1024 - row.length}"/></table:table-row>`;
    })
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.3">\
<office:body><office:spreadsheet><table:table table:name="Hoja1"><table:table-column table:number-columns-repeated="1024"/>\
${rowsXml}<table:table-row table:number-rows-repeated="${tailRows}"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>\
</table:table><table:table table:name="Hoja2"><table:table-row><table:table-cell office:value-type="string"><text:p>otra</text:p></table:table-cell></table:table-row></table:table>\
</office:spreadsheet></office:body></office:document-content>`;
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
    'META-INF/manifest.xml',
  );
  zip.addBuffer(Buffer.from(content), 'content.xml');
  zip.end();
  return readWhole(zip.outputStream as Readable);
}
