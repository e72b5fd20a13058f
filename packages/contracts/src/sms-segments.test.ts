import splitSms from 'split-sms';
import { describe, expect, it } from 'vitest';
import { countSmsSegments, findNonGsm7Characters, longestSmsCount } from './sms-segments.ts';

/** An independent splitter (split-sms, a devDependency): how many parts it cuts the text into, and its alphabet. */
function referenceCount(text: string) {
  const info = splitSms.split(text);
  return {
    encoding: info.characterSet === 'GSM' ? 'GSM7' : 'UCS2',
    segments: text === '' ? 0 : info.parts.length,
  };
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
  // A segment never ends inside an escape pair or a surrogate pair: units / 153 (or 67) under-counts these.
  ['escape pair at the end of part one', `${'a'.repeat(152)}€${'a'.repeat(152)}`, 'GSM7', 306, 3],
  ['escape pair filling part one', `${'a'.repeat(151)}€${'a'.repeat(153)}`, 'GSM7', 306, 2],
  ['brackets across parts', `${'a'.repeat(152)}[]${'a'.repeat(150)}`, 'GSM7', 306, 3],
  ['surrogate pair at the end of part one', `á${'a'.repeat(65)}😀${'a'.repeat(66)}`, 'UCS2', 134, 3],
  ['surrogate pair filling part one', `á${'a'.repeat(64)}😀${'a'.repeat(67)}`, 'UCS2', 134, 2],
  ['Nordic and German letters are GSM-7', 'Ä Ö Ø Å ß å ø æ Æ É Ü ñ', 'GSM7', 23, 1],
  ['Iberian vowels with acute force UCS-2', 'ó', 'UCS2', 1, 1],
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

  it.each([...'áíóúçãõÁÍÓÚÃÕâêô'])('%s forces UCS-2', (char) => {
    expect(countSmsSegments(`Hola ${char}`).encoding).toBe('UCS2');
    expect(referenceCount(`Hola ${char}`).encoding).toBe('UCS2');
    expect(findNonGsm7Characters(`Hola ${char}${char}`)).toEqual([char]);
  });

  it('the longest of several messages is the one with most segments', () => {
    const longest = longestSmsCount(['short', 'a'.repeat(161), `${'a'.repeat(170)}`, 'á']);
    expect(longest).toMatchObject({ segments: 2, units: 170 });
  });

  it('names the first character that forces UCS-2', () => {
    expect(countSmsSegments('Envío ya enviado: árbol').firstUcs2Character).toBe('í');
    expect(countSmsSegments('Plain text').firstUcs2Character).toBeNull();
  });
});
