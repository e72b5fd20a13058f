/** The file types a shipping carries, recognised by their first bytes, with the names they may have. */
const TYPES: { mime: string; extensions: string[]; matches: (bytes: Buffer) => boolean }[] = [
  { mime: 'application/pdf', extensions: ['pdf'], matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    mime: 'image/png',
    extensions: ['png'],
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', extensions: ['gif'], matches: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/tiff',
    extensions: ['tif', 'tiff'],
    matches: (b) => ['49492a00', '4d4d002a'].includes(b.subarray(0, 4).toString('hex')),
  },
  {
    mime: 'image/webp',
    extensions: ['webp'],
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const SHIPPING_FILE_TYPES = TYPES.map(({ mime, extensions }) => ({ mime, extensions }));

export type TDecodedDocument = { bytes: Buffer; declaredMime: string };

/** Splits a base64 data URL (already checked by the schema) into its declared type and bytes. */
export function decodeDocument(dataUrl: string): TDecodedDocument {
  const comma = dataUrl.indexOf(',');
  return {
    declaredMime: dataUrl.slice('data:'.length, dataUrl.indexOf(';')).toLowerCase(),
    bytes: Buffer.from(dataUrl.slice(comma + 1), 'base64'),
  };
}

/**
 * The type the bytes really are, when they are one a shipping accepts and the declared type and the
 * file name's extension (when they say anything) agree with it; otherwise null.
 */
export function checkDocumentType(name: string, document: TDecodedDocument): string | null {
  const type = TYPES.find((candidate) => candidate.matches(document.bytes));
  if (!type) return null;
  const declared = document.declaredMime;
  if (declared !== '' && declared !== 'application/octet-stream' && declared !== type.mime) {
    // image/jpg is a common misspelling of image/jpeg.
    if (!(declared === 'image/jpg' && type.mime === 'image/jpeg')) return null;
  }
  const dot = name.lastIndexOf('.');
  if (dot > 0) {
    const extension = name.slice(dot + 1).toLowerCase();
    if (/^[a-z0-9]{2,5}$/.test(extension) && !type.extensions.includes(extension)) return null;
  }
  return type.mime;
}
