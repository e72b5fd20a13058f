/*
 * How SMS providers count a text (3GPP TS 23.038): GSM-7 when every character is in the basic table or
 * its extension (extension characters take two septets), otherwise UCS-2 for the whole message.
 * A single message carries 160 septets (GSM-7) or 70 UTF-16 units (UCS-2); a concatenated one keeps
 * 7 and 6 bytes per part for its header, so 153 and 67 per segment.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
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

export function countSmsSegments(text: string): TSmsCount {
  const chars = [...text];
  const firstUcs2Character = chars.find((char) => !isGsm7Character(char)) ?? null;
  if (firstUcs2Character === null) {
    const units = chars.reduce((sum, char) => sum + (EXTENSION.has(char) ? 2 : 1), 0);
    const single = units <= 160;
    return {
      encoding: 'GSM7',
      characters: chars.length,
      units,
      segments: units === 0 ? 0 : single ? 1 : Math.ceil(units / 153),
      perSegment: single ? 160 : 153,
      firstUcs2Character,
    };
  }
  const units = text.length;
  const single = units <= 70;
  return {
    encoding: 'UCS2',
    characters: chars.length,
    units,
    segments: single ? 1 : Math.ceil(units / 67),
    perSegment: single ? 70 : 67,
    firstUcs2Character,
  };
}
