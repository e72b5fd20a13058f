import { describe, expect, it } from 'vitest';
import {
  findIllegalSmsCharacters,
  isCompanyTaxId,
  isEmail,
  isEmailList,
  isEuVat,
  isRestrictedText,
  isSmsText,
  isUsername,
} from './patterns.ts';

describe('isEmail', () => {
  it.each([
    'a@b.co',
    'john.smith@example.com',
    'John.Smith@Example.COM',
    'user+tag@mail.example.es',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example.pt',
    '1234@example.com',
  ])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'user@example.c',
    'user@.example.com',
    'user@example..com',
    'user@-example.com',
    'user@example-.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'us er@example.com',
    'user@exa mple.com',
    'user@@example.com',
    'user@example.com ',
    'usér@example.com',
    'user@example.123',
  ])('rejects %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('accepts up to 254 characters', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`;
    expect(isEmail(`${'x'.repeat(58)}@${domain}`)).toBe(true);
    expect(isEmail(`${'x'.repeat(59)}@${domain}`)).toBe(false);
  });

  it('rejects a domain label longer than 63 characters', () => {
    expect(isEmail(`x@${'a'.repeat(64)}.com`)).toBe(false);
  });
});

describe('isEmailList', () => {
  it.each(['a@b.co', 'a@b.co;c@d.es', 'a@b.co; c@d.es ;e@f.pt'])('accepts %j', (value) => {
    expect(isEmailList(value)).toBe(true);
  });

  it.each(['', ';', 'a@b.co;', ';a@b.co', 'a@b.co;;c@d.es', 'a@b.co,c@d.es', 'a@b.co;nope', 'a@b.co c@d.es'])(
    'rejects %j',
    (value) => {
      expect(isEmailList(value)).toBe(false);
    },
  );
});

describe('isUsername', () => {
  it('needs 5 to 50 characters', () => {
    expect(isUsername('abcd')).toBe(false);
    expect(isUsername('abcde')).toBe(true);
    expect(isUsername('a'.repeat(50))).toBe(true);
    expect(isUsername('a'.repeat(51))).toBe(false);
  });

  it.each(['john.smith', 'john_smith', 'john-smith', 'john@example.com', 'Ñandu', 'peña1', 'a.b.c.d', 'USER2024'])(
    'accepts %s',
    (value) => {
      expect(isUsername(value)).toBe(true);
    },
  );

  it.each([
    ['two specials in a row', 'john..smith'],
    ['two different specials in a row', 'john.-smith'],
    ['at and dot in a row', 'john@.example'],
    ['starts with a special', '.johnsmith'],
    ['starts with @', '@johnsmith'],
    ['ends with a special', 'johnsmith_'],
    ['ends with @', 'johnsmith@'],
    ['a space', 'john smith'],
    ['an accented vowel', 'josé1'],
    ['another special', 'john+smith'],
    ['empty', ''],
    ['a trailing line break', 'johnsmith\n'],
  ])('rejects %s', (_case, value) => {
    expect(isUsername(value)).toBe(false);
  });

  it('counts ñ as one character', () => {
    expect(isUsername('ññññ')).toBe(false);
    expect(isUsername('ñññññ')).toBe(true);
  });
});

describe('isCompanyTaxId', () => {
  it.each(['B12345674', 'A76543214', 'b12345674', 'Q2826000H', 'G5555555A', 'G55555551', 'X1234567L', 'K1234567L'])(
    'accepts %s, whose control character is right',
    (value) => {
      expect(isCompanyTaxId(value)).toBe(true);
    },
  );

  it.each(['B12345678', 'B1234567A', 'A1234567J', 'Q2826000A', 'Q28260008', 'X1234567T', 'K1234567A', 'I1234567A'])(
    'rejects %s, whose control character is wrong or whose letter is no tax id',
    (value) => {
      expect(isCompanyTaxId(value)).toBe(false);
    },
  );

  it.each(['', '12345678A', 'B1234567', 'B123456789', 'BB1234567', 'B1234567-', 'B 1234567A', 'Ñ1234567A'])(
    'rejects %j',
    (value) => {
      expect(isCompanyTaxId(value)).toBe(false);
    },
  );
});

describe('isEuVat', () => {
  it.each([
    'ESB12345678',
    'ESX1234567T',
    'esb12345678',
    'ES B1234567 8',
    'DE123456789',
    'de 123 456 789',
    'FR12345678901',
    'FRXX123456789',
    'IT12345678901',
    'PT123456789',
    'pt-123.456.789',
    'NL123456789B01',
    'ATU12345678',
    'BE0123456789',
    'IE1234567WA',
    'IE1A23456W',
    'EL123456789',
    'PL1234567890',
    'SE123456789012',
    'CY12345678X',
  ])('accepts %j', (value) => {
    expect(isEuVat(value)).toBe(true);
  });

  it.each([
    '',
    'ES',
    'ES12345',
    'ESB1234567',
    'DE12345678',
    'DE1234567890',
    'FRIO123456789',
    'PT12345678',
    'NL123456789A01',
    'ATX12345678',
    'BE2123456789',
    'GB123456789',
    'XX123456789',
    'B12345678',
    'GR123456789',
  ])('rejects %j', (value) => {
    expect(isEuVat(value)).toBe(false);
  });
});

describe('isRestrictedText', () => {
  it.each(['', 'Plain text', 'Año 2024, v1.0_final-2', 'PEÑA', 'a.b,c_d-e f'])('accepts %j', (value) => {
    expect(isRestrictedText(value)).toBe(true);
  });

  it.each(['a;b', 'a:b', 'é', 'hello!', 'tab\there', 'line\nbreak', '<script>', 'a/b', "it's", 'a@b'])(
    'rejects %j',
    (value) => {
      expect(isRestrictedText(value)).toBe(false);
    },
  );
});

describe('SMS text', () => {
  it('accepts GSM-7 and what UCS-2 carries: letters of any language, punctuation, emoji, line breaks', () => {
    expect(isSmsText('')).toBe(true);
    expect(isSmsText('Hola, ¿qué tal? Su código es 1234.\r\nGracias!')).toBe(true);
    expect(isSmsText('Ação: pagar 5€ até 31/12 (ref. #A-7_b) @ 10% + IVA = "total" <ok> & $ * \' ; : ¡')).toBe(true);
    expect(isSmsText('Ä Ö Ø Å ß ¥ {x} [y] ~ ^ | \\ « » 👍')).toBe(true);
    expect(findIllegalSmsCharacters('Olá, João! Çà ü')).toEqual([]);
  });

  it('names each control character (other than line and page breaks) once, in order of appearance', () => {
    expect(findIllegalSmsCharacters('tab\there\u0007 and\tthere\u001b')).toEqual(['\t', '\u0007', '\u001b']);
    expect(findIllegalSmsCharacters('line\r\nbreak\fpage')).toEqual([]);
    expect(isSmsText('hi\tname')).toBe(false);
  });

  it('refuses a lone half of a surrogate pair', () => {
    expect(findIllegalSmsCharacters('ok \ud83d')).toEqual(['\ud83d']);
  });
});
