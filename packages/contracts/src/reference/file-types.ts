/**
 * Files a shipping may carry as documents. Only PDF can be signed or stamped with the evidence, so
 * signature services take PDF alone; the others travel as they are. Executables, archives and
 * scripts are never accepted: a receiver must be able to open what arrives without risk.
 */
export type TShippingFileType = { extension: string; mimeType: string; signable: boolean };

export const SHIPPING_FILE_TYPES: readonly TShippingFileType[] = [
  { extension: 'pdf', mimeType: 'application/pdf', signable: true },
  { extension: 'jpg', mimeType: 'image/jpeg', signable: false },
  { extension: 'jpeg', mimeType: 'image/jpeg', signable: false },
  { extension: 'png', mimeType: 'image/png', signable: false },
  { extension: 'tif', mimeType: 'image/tiff', signable: false },
  { extension: 'tiff', mimeType: 'image/tiff', signable: false },
  { extension: 'doc', mimeType: 'application/msword', signable: false },
  {
    extension: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    signable: false,
  },
  { extension: 'xls', mimeType: 'application/vnd.ms-excel', signable: false },
  {
    extension: 'xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    signable: false,
  },
  { extension: 'odt', mimeType: 'application/vnd.oasis.opendocument.text', signable: false },
  { extension: 'ods', mimeType: 'application/vnd.oasis.opendocument.spreadsheet', signable: false },
  { extension: 'txt', mimeType: 'text/plain', signable: false },
  { extension: 'xml', mimeType: 'application/xml', signable: false },
];

/** The accepted type of a file name, by its extension (case-insensitive), or undefined. */
export function shippingFileTypeOf(fileName: string): TShippingFileType | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return SHIPPING_FILE_TYPES.find((fileType) => fileType.extension === extension);
}
