// Incremental updates (ISO 32000-1 §7.5.6) to a PDF Sello wrote itself (pdf-lib without object streams, then signed):
// new objects and a new catalog appended after the last %%EOF, so every byte a signature covers stays as it was.

export type TNewObject = { body: Buffer | string };

/** A stream object of `bytes` (uncompressed: DSS data is small and readers need no filter). */
export function streamObject(bytes: Buffer, dictionary = ''): TNewObject {
  return {
    body: Buffer.concat([
      Buffer.from(`<< /Length ${bytes.length}${dictionary ? ` ${dictionary}` : ''} >>\nstream\n`, 'latin1'),
      bytes,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  };
}

type TTrailer = { size: number; root: string; rootNumber: number; rest: string; startxref: number };

function readTrailer(text: string): TTrailer {
  const trailerAt = text.lastIndexOf('trailer');
  const startxrefAt = text.lastIndexOf('startxref');
  if (trailerAt < 0 || startxrefAt < trailerAt) throw new Error('the PDF has no classic trailer');
  const trailer = text.slice(trailerAt, startxrefAt);
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+)\s+(\d+)\s+R/.exec(trailer);
  if (!size || !root) throw new Error('the PDF trailer has no /Size or /Root');
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(trailer)?.[0] ?? '';
  const id = /\/ID\s*\[[^\]]*\]/.exec(trailer)?.[0] ?? '';
  return {
    size: Number(size[1]),
    root: `${root[1]} ${root[2]} R`,
    rootNumber: Number(root[1]),
    rest: [info, id].filter(Boolean).join(' '),
    startxref: Number(/startxref\s+(\d+)/.exec(text.slice(startxrefAt))![1]),
  };
}

/** The dictionary text of the newest version of object `number` (the last `n 0 obj` in the file). */
function readObject(text: string, number: number): string {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n])${number} 0 obj\\s*`, 'g'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`object ${number} not found`);
  const start = last.index! + last[0].length;
  return text.slice(start, text.indexOf('endobj', start)).trim();
}

export type TDssKey = 'Certs' | 'CRLs' | 'OCSPs';

/** The bytes of a stream object's data, by its /Length. */
function streamData(object: string): Buffer {
  const length = Number(/\/Length\s+(\d+)/.exec(object)?.[1] ?? Number.NaN);
  const start = /stream\r?\n/.exec(object);
  if (!start || !Number.isInteger(length)) throw new Error('a DSS entry is not a stream of known length');
  const from = start.index + start[0].length;
  return Buffer.from(object.slice(from, from + length), 'latin1');
}

/** What the PDF's newest /DSS lists under each key: each entry's reference and its data. */
export function readDss(pdf: Buffer): Record<TDssKey, { ref: string; bytes: Buffer }[]> {
  const text = pdf.toString('latin1');
  const found: Record<TDssKey, { ref: string; bytes: Buffer }[]> = { Certs: [], CRLs: [], OCSPs: [] };
  const dss = /\/DSS\s+(\d+)\s+0\s+R/.exec(readObject(text, readTrailer(text).rootNumber));
  if (!dss) return found;
  const dictionary = readObject(text, Number(dss[1]));
  for (const key of Object.keys(found) as TDssKey[]) {
    const list = new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dictionary)?.[1] ?? '';
    for (const ref of list.matchAll(/(\d+)\s+0\s+R/g)) {
      found[key].push({ ref: ref[0], bytes: streamData(readObject(text, Number(ref[1]))) });
    }
  }
  return found;
}

/**
 * Appends `objects` (numbered from the trailer's /Size, in order) and a new catalog made by `catalog` from the
 * current one; answers the updated PDF. `objects` may refer to each other by `firstNumber + index`.
 */
export function appendIncrement(
  pdf: Buffer,
  build: (firstNumber: number) => { objects: TNewObject[]; catalog: (current: string) => string },
): Buffer {
  const text = pdf.toString('latin1');
  const trailer = readTrailer(text);
  const { objects, catalog } = build(trailer.size);
  const parts: Buffer[] = [pdf, Buffer.from(pdf.at(-1) === 0x0a ? '' : '\n', 'latin1')];
  let offset = parts.reduce((total, part) => total + part.length, 0);
  const offsets = new Map<number, number>();
  const write = (number: number, body: Buffer | string) => {
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.set(number, offset);
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [index, object] of objects.entries()) write(trailer.size + index, object.body);
  write(trailer.rootNumber, catalog(readObject(text, trailer.rootNumber)));
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (const number of numbers) {
    xref += `${number} 1\n${String(offsets.get(number)).padStart(10, '0')} 00000 n \n`;
  }
  const size = trailer.size + objects.length;
  xref += `trailer\n<< /Size ${size} /Root ${trailer.root} ${trailer.rest} /Prev ${trailer.startxref} >>\n`;
  xref += `startxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A dictionary with `key` set to `value` (replacing what it held). */
export function setKey(dictionary: string, key: string, value: string): string {
  const without = dictionary.replace(new RegExp(`/${key}\\s+\\d+\\s+\\d+\\s+R`), '');
  return without.replace(/^<</, `<< /${key} ${value}`);
}

export const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';

/** The signature fields the PDF's form lists already, as `n 0 R` references. */
function existingFields(text: string, catalog: string): string[] {
  const acroForm = /\/AcroForm\s+(\d+)\s+0\s+R/.exec(catalog);
  if (!acroForm) return [];
  const fields = /\/Fields\s*\[([^\]]*)\]/.exec(readObject(text, Number(acroForm[1])));
  return fields ? [...fields[1]!.matchAll(/\d+\s+\d+\s+R/g)].map((match) => match[0]) : [];
}

/**
 * Appends an invisible signature field whose value is a signature dictionary of `entries` (its /Type, /SubFilter, …)
 * with a /ByteRange placeholder and room for `contentsBytes` of CMS, and a form listing it after the fields already
 * there: the increment @signpdf/signpdf then fills in. Every byte an earlier signature covers stays as it was.
 */
export function appendSignatureField(pdf: Buffer, options: { entries: string; contentsBytes: number; name: string }) {
  const text = pdf.toString('latin1');
  const fields = existingFields(text, readObject(text, readTrailer(text).rootNumber));
  return appendIncrement(pdf, (first) => {
    const [signature, field, form] = [first, first + 1, first + 2];
    return {
      objects: [
        {
          body: `<< ${options.entries} ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(options.contentsBytes * 2)}> >>`,
        },
        {
          body:
            `<< /Type /Annot /Subtype /Widget /FT /Sig /T (${options.name}) /F 132 /Rect [0 0 0 0] ` +
            `/V ${signature} 0 R >>`,
        },
        { body: `<< /Type /AcroForm /SigFlags 3 /Fields [${[...fields, `${field} 0 R`].join(' ')}] >>` },
      ],
      catalog: (current) => setKey(current, 'AcroForm', `${form} 0 R`),
    };
  });
}

/** How many signature fields the PDF's form lists (a new field's name numbers after them). */
export function countSignatureFields(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  return existingFields(text, readObject(text, readTrailer(text).rootNumber)).length;
}
