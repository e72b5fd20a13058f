import splitSms from 'split-sms';
import { describe, expect, it } from 'vitest';
import {
  countSmsSegments,
  findNonGsm7Characters,
  findSmsAlphabetProblem,
  isGsm7Character,
  longestSmsCount,
} from './sms-segments.ts';

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

/** Every character of the GSM 03.38 default alphabet (ESC excluded) and of its extension table. */
const GSM7_DEFAULT = [
  ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿',
  ...'abcdefghijklmnopqrstuvwxyzäöñüà',
];
const GSM7_EXTENSION = [...'\f^{}\\[~]|€'];

describe('the GSM-7 alphabet', () => {
  it('has the 127 characters of the default alphabet and the 10 of its extension table', () => {
    expect(new Set(GSM7_DEFAULT).size).toBe(127);
    expect(new Set(GSM7_EXTENSION).size).toBe(10);
  });

  it.each(GSM7_DEFAULT)('default character %j is one septet, as split-sms counts it', (char) => {
    expect(isGsm7Character(char)).toBe(true);
    expect(countSmsSegments(`${char}`.repeat(160))).toMatchObject({ encoding: 'GSM7', units: 160, segments: 1 });
    expect(referenceCount(`${char}`.repeat(160))).toEqual({ encoding: 'GSM7', segments: 1 });
    expect(referenceCount(`${char}`.repeat(161))).toEqual({ encoding: 'GSM7', segments: 2 });
  });

  it.each(GSM7_EXTENSION)('extension character %j is an escape pair, as split-sms counts it', (char) => {
    expect(isGsm7Character(char)).toBe(true);
    expect(countSmsSegments(char.repeat(80))).toMatchObject({ encoding: 'GSM7', units: 160, segments: 1 });
    expect(referenceCount(char.repeat(80))).toEqual({ encoding: 'GSM7', segments: 1 });
    expect(countSmsSegments(`a${char.repeat(80)}`).segments).toBe(2);
    expect(referenceCount(`a${char.repeat(80)}`).segments).toBe(2);
  });

  it('á, í, ó, ú, ç, ã, õ, emoji and the Greek small letters are outside it', () => {
    for (const char of [...'áíóúçãõαβ', '😀']) {
      expect(isGsm7Character(char)).toBe(false);
      expect(referenceCount(`Hola ${char}`).encoding).toBe('UCS2');
    }
  });
});

/** The boundaries of both encodings, with escape pairs and surrogate pairs at each seam. */
const SEAMS: [string, string][] = [
  ['160 septets', 'a'.repeat(160)],
  ['161 septets', 'a'.repeat(161)],
  ['153 + 153 septets', 'a'.repeat(306)],
  ['153 + 154 septets', 'a'.repeat(307)],
  ['escape pair ending at 160', `${'a'.repeat(158)}{`],
  ['escape pair crossing 160', `${'a'.repeat(159)}}`],
  ['escape pair at septet 153/154', `${'a'.repeat(152)}€${'a'.repeat(10)}`],
  ['escape pair ending at 153', `${'a'.repeat(151)}€${'a'.repeat(10)}`],
  ['escape pair at the second seam', `${'a'.repeat(305)}~${'a'.repeat(5)}`],
  ['70 units', `á${'a'.repeat(69)}`],
  ['71 units', `á${'a'.repeat(70)}`],
  ['67 + 67 units', `á${'a'.repeat(133)}`],
  ['67 + 68 units', `á${'a'.repeat(134)}`],
  ['emoji ending at 70', `${'a'.repeat(68)}😀`],
  ['emoji crossing 70', `${'a'.repeat(69)}😀`],
  ['emoji at unit 67/68', `${'a'.repeat(66)}😀${'a'.repeat(10)}`],
  ['emoji ending at 67', `${'a'.repeat(65)}😀${'a'.repeat(10)}`],
  ['emoji at the second seam', `${'a'.repeat(133)}😀${'a'.repeat(3)}`],
  ['escape character in a UCS-2 message is one unit', `á${'€'.repeat(69)}`],
];

describe('segments at the seams agree with split-sms', () => {
  it.each(SEAMS)('%s', (_label, text) => {
    const count = countSmsSegments(text);
    expect({ encoding: count.encoding, segments: count.segments }).toEqual(referenceCount(text));
  });
});

describe('findSmsAlphabetProblem', () => {
  it('refuses what no SMS carries, whatever the company allows', () => {
    expect(findSmsAlphabetProblem('a\tb\u0007', true)).toEqual({ key: 'ERR_PATTERN_SMS_TEXT', illegal: '\t\u0007' });
  });

  it('refuses characters outside GSM-7 when the company does not allow UCS-2, naming each once', () => {
    expect(findSmsAlphabetProblem('Está aquí, está', false)).toEqual({ key: 'ERR_SMS_NOT_GSM7', illegal: 'áí' });
    expect(findSmsAlphabetProblem('Ok 😀', false)).toEqual({ key: 'ERR_SMS_NOT_GSM7', illegal: '😀' });
  });

  it('lets GSM-7 through either way, and UCS-2 when allowed', () => {
    expect(findSmsAlphabetProblem('Ä Ö Ø Å ß ¥ € [x] ~ ^ | \\ {}\nok', false)).toBeNull();
    expect(findSmsAlphabetProblem('Está aquí 😀', true)).toBeNull();
  });
});
