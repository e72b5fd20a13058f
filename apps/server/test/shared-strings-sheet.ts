import yazl from 'yazl';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/**
 * An .xlsx whose two data rows use the first strings of a shared-strings table of `strings` entries: the
 * table dwarfs the sheet, as in a file made to keep the reader busy before its first row.
 */
export async function sharedStringsSheet(strings: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name, { compress: true });
  add(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/>\
<Override PartName="/xl/sharedStrings.xml" ContentType="${TYPE}.sharedStrings+xml"/></Types>`,
  );
  add(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  add(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  const table = [`${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${strings}" uniqueCount="${strings}">`];
  table.push('<si><t>name</t></si><si><t>email</t></si><si><t>Ana</t></si><si><t>ana@example.com</t></si>');
  table.push('<si><t>padding string</t></si>'.repeat(Math.max(strings - 4, 0)), '</sst>');
  add('xl/sharedStrings.xml', table.join(''));
  const cell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
  add(
    'xl/worksheets/sheet1.xml',
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>\
<row r="1">${cell('A1', 0)}${cell('B1', 1)}</row><row r="2">${cell('A2', 2)}${cell('B2', 3)}</row></sheetData></worksheet>`,
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The zip with the uncompressed size of entry `name` rewritten to `size` in its central directory and local
 * header: a file whose directory lies about what it inflates to.
 */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const bytes = Buffer.from(zip);
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  let at = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < bytes.readUInt16LE(end + 10); index++) {
    const nameLength = bytes.readUInt16LE(at + 28);
    if (bytes.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      bytes.writeUInt32LE(size, at + 24);
      bytes.writeUInt32LE(size, bytes.readUInt32LE(at + 42) + 22);
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return bytes;
}
