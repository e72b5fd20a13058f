import { findIllegalSmsCharacters } from './patterns.ts';

/*
 * How SMS providers count a text (3GPP TS 23.038 and 23.040): GSM-7 when every character is in the default
 * alphabet or its extension table (an extension character is an escape pair, two septets), otherwise UCS-2 for
 * the whole message (UTF-16 units; a character outside the BMP is a surrogate pair, two units). A single
 * message carries 160 septets or 70 units; a concatenated one keeps room for its header, so 153 septets or
 * 67 units per segment, and a segment never ends inside an escape pair or a surrogate pair (the next one
 * starts with the whole character), so a long text may need more segments than its units divided by 153.
 * This is the one count: the template editor, the new-shipping form and the server use it.
 */

/** The GSM 03.38 default alphabet (128 positions; ESC, position 27, is not a character of its own). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each is sent as ESC + the character, two septets. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM7' | 'UCS2';

export type TSmsCount = {
  encoding: SmsEncoding;
  /** Characters as a reader counts them (code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the provider bills. */
  units: number;
  segments: number;
  /** Units one segment holds with this encoding and length (160/153 or 70/67). */
  perSegment: number;
  /** The first character that forces UCS-2, or null. */
  firstUcs2Character: string | null;
};

export function isGsm7Character(char: string): boolean {
  return BASIC.has(char) || EXTENSION.has(char);
}

/** The characters of `text` outside the GSM-7 alphabet (they force UCS-2), each once, in order. */
export function findNonGsm7Characters(text: string): string[] {
  return [...new Set([...text].filter((char) => !isGsm7Character(char)))];
}

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  GSM7: { single: 160, part: 153 },
  UCS2: { single: 70, part: 67 },
};

/** Segments for characters of the given sizes: one when they fit a single message, else filled part by part. */
function segmentsOf(sizes: readonly number[], limits: { single: number; part: number }): number {
  const units = sizes.reduce((sum, size) => sum + size, 0);
  if (units === 0) return 0;
  if (units <= limits.single) return 1;
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limits.part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

export function countSmsSegments(text: string): TSmsCount {
  const chars = [...text];
  const firstUcs2Character = chars.find((char) => !isGsm7Character(char)) ?? null;
  const encoding: SmsEncoding = firstUcs2Character === null ? 'GSM7' : 'UCS2';
  const sizes = chars.map((char) => (encoding === 'GSM7' ? (EXTENSION.has(char) ? 2 : 1) : char.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limits = LIMITS[encoding];
  return {
    encoding,
    characters: chars.length,
    units,
    segments: segmentsOf(sizes, limits),
    perSegment: units <= limits.single ? limits.single : limits.part,
    firstUcs2Character,
  };
}

/** The count of the longest of several messages (most segments, then most units): what the sender pays at most. */
export function longestSmsCount(texts: readonly string[]): TSmsCount {
  return texts
    .map(countSmsSegments)
    .reduce<TSmsCount>(
      (longest, count) =>
        count.segments > longest.segments || (count.segments === longest.segments && count.units > longest.units)
          ? count
          : longest,
      countSmsSegments(''),
    );
}

export type TSmsAlphabetProblem = { key: 'ERR_PATTERN_SMS_TEXT' | 'ERR_SMS_NOT_GSM7'; illegal: string };

/**
 * The one alphabet rule of an SMS, the console's and the server's: characters no SMS carries are refused
 * (`ERR_PATTERN_SMS_TEXT`); characters outside GSM-7, which make the whole message UCS-2, are refused
 * (`ERR_SMS_NOT_GSM7`) only when the company does not allow UCS-2. Null when the text may be sent.
 */
export function findSmsAlphabetProblem(text: string, ucs2Allowed: boolean): TSmsAlphabetProblem | null {
  const illegal = findIllegalSmsCharacters(text);
  if (illegal.length > 0) return { key: 'ERR_PATTERN_SMS_TEXT', illegal: illegal.join('') };
  if (ucs2Allowed) return null;
  const outside = findNonGsm7Characters(text);
  return outside.length > 0 ? { key: 'ERR_SMS_NOT_GSM7', illegal: outside.join('') } : null;
}
