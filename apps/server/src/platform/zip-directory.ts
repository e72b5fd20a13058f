/** One entry of a zip's central directory: its name and the sizes it declares. */
export type TZipEntry = { name: string; compressedSize: number; uncompressedSize: number };

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_SIZE = 22;
/** The end record sits within its own size plus the longest comment (65,535 bytes) of the file's end. */
const END_SEARCH = END_SIZE + 0xffff;
/** A size of 0xFFFFFFFF means the real one is in a ZIP64 field. */
const ZIP64_MARK = 0xffff_ffff;

/**
 * Lists a zip's entries from its central directory, without inflating anything; null when the bytes hold no
 * readable directory. ZIP64 sizes are reported as Infinity: no spreadsheet an import may take needs them.
 */
export function readZipDirectory(bytes: Buffer): TZipEntry[] | null {
  const floor = Math.max(0, bytes.length - END_SEARCH);
  let end = -1;
  for (let at = bytes.length - END_SIZE; at >= floor; at--) {
    if (bytes.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: TZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      compressedSize: compressedSize === ZIP64_MARK ? Number.POSITIVE_INFINITY : compressedSize,
      uncompressedSize: uncompressedSize === ZIP64_MARK ? Number.POSITIVE_INFINITY : uncompressedSize,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
