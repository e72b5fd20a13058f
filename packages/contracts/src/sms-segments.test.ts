import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments.ts';

/*
 * An independent count, from the GSM 03.38 tables written as Unicode code points (not as the
 * characters the module lists), to check the module against.
 */
const BASIC_CODE_POINTS = [
  0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5, 0x394, 0x5f, 0x3a6,
  0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, 0xc6, 0xe6, 0xdf, 0xc9, 0x20, 0x21, 0x22, 0x23, 0xa4, 0x25,
  0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0xa1, 0xc4, 0xd6,
  0xd1, 0xdc, 0xa7, 0xbf, 0xe4, 0xf6, 0xf1, 0xfc, 0xe0,
];
const EXTENSION_CODE_POINTS = [0x0c, 0x5e, 0x7b, 0x7d, 0x5c, 0x5b, 0x7e, 0x5d, 0x7c, 0x20ac];

function referenceCount(text: string) {
  const isBasic = (cp: number) =>
    (cp >= 0x30 && cp <= 0x39) ||
    (cp >= 0x41 && cp <= 0x5a) ||
    (cp >= 0x61 && cp <= 0x7a) ||
    BASIC_CODE_POINTS.includes(cp);
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (isBasic(cp)) septets += 1;
    else if (EXTENSION_CODE_POINTS.includes(cp)) septets += 2;
    else gsm = false;
  }
  if (gsm) return { encoding: 'GSM7', segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
  let units = 0;
  for (const char of text) units += char.codePointAt(0)! > 0xffff ? 2 : 1;
  return { encoding: 'UCS2', segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

const CASES: [string, string, 'GSM7' | 'UCS2', number, number][] = [
  // label, text, encoding, units, segments
  ['empty', '', 'GSM7', 0, 0],
  ['plain ASCII', 'Hello, your code is 1234.', 'GSM7', 25, 1],
  ['160 GSM-7 characters', 'a'.repeat(160), 'GSM7', 160, 1],
  ['161 GSM-7 characters', 'a'.repeat(161), 'GSM7', 161, 2],
  ['306 GSM-7 characters', 'a'.repeat(306), 'GSM7', 306, 2],
  ['307 GSM-7 characters', 'a'.repeat(307), 'GSM7', 307, 3],
  ['euro counts twice', '€'.repeat(80), 'GSM7', 160, 1],
  ['one extension char past 160', `${'a'.repeat(159)}€`, 'GSM7', 161, 2],
  ['Spanish ñ, é and ¿ stay GSM-7', 'Señor Muñoz, ¿qué tal?', 'GSM7', 22, 1],
  ['Spanish á switches to UCS-2', 'Está', 'UCS2', 4, 1],
  ['Portuguese ç ã switches to UCS-2', 'Informação', 'UCS2', 10, 1],
  ['70 UCS-2 units', `á${'a'.repeat(69)}`, 'UCS2', 70, 1],
  ['71 UCS-2 units', `á${'a'.repeat(70)}`, 'UCS2', 71, 2],
  ['134 UCS-2 units', `á${'a'.repeat(133)}`, 'UCS2', 134, 2],
  ['135 UCS-2 units', `á${'a'.repeat(134)}`, 'UCS2', 135, 3],
  ['emoji is two UTF-16 units', `😀${'a'.repeat(68)}`, 'UCS2', 70, 1],
  ['emoji at the boundary', `😀${'a'.repeat(69)}`, 'UCS2', 71, 2],
];

describe('countSmsSegments', () => {
  it.each(CASES)('%s', (_label, text, encoding, units, segments) => {
    const count = countSmsSegments(text);
    expect(count).toMatchObject({ encoding, units, segments });
    expect(referenceCount(text)).toEqual({ encoding, segments });
  });

  it.each([...'^{}\\[~]|€\f'])('extension character %j takes two septets', (char) => {
    expect(countSmsSegments(`a${char}`)).toMatchObject({ encoding: 'GSM7', units: 3, characters: 2 });
    expect(referenceCount(`${'a'.repeat(158)}${char}`).segments).toBe(1);
    expect(countSmsSegments(`${'a'.repeat(158)}${char}`).segments).toBe(1);
    expect(countSmsSegments(`${'a'.repeat(159)}${char}`).segments).toBe(2);
  });

  it('names the first character that forces UCS-2', () => {
    expect(countSmsSegments('Envío ya enviado: árbol').firstUcs2Character).toBe('í');
    expect(countSmsSegments('Plain text').firstUcs2Character).toBeNull();
  });
});
