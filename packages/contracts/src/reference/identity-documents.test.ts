import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POSTAL_DOCUMENT_TYPES } from '../enums.ts';
import {
  IDENTITY_DOCUMENT_INFO,
  IDENTITY_DOCUMENT_TYPES,
  isValidDni,
  isValidDocumentNumber,
  isValidNie,
  isValidPortugueseCitizenCard,
  isValidPortugueseNif,
  isValidSpanishNif,
  normaliseDocumentNumber,
} from './identity-documents.ts';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

describe('identity document types', () => {
  it('include the postal document types of spec §3 and have a text in every language', () => {
    expect(IDENTITY_DOCUMENT_TYPES).toEqual(expect.arrayContaining([...POSTAL_DOCUMENT_TYPES]));
    for (const type of IDENTITY_DOCUMENT_TYPES) {
      const info = IDENTITY_DOCUMENT_INFO[type];
      expect(Object.values(info.texts).every((text) => text.trim() !== '')).toBe(true);
      expect(info.receiverTypes.length).toBeGreaterThan(0);
    }
  });

  it('normalise numbers to upper case without spaces, dots or hyphens', () => {
    expect(normaliseDocumentNumber(' 12.345.678-z ')).toBe('12345678Z');
  });
});

describe('Spanish DNI', () => {
  it.each(['12345678Z', '00000000T', '99999999R', '12345678-z'])('accepts %s', (value) => {
    expect(isValidDni(value)).toBe(true);
  });

  it.each(['12345678A', '1234567Z', 'X1234567L', '123456789'])('refuses %s', (value) => {
    expect(isValidDni(value)).toBe(false);
  });

  it('accepts exactly the letter of the number modulo 23', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom(...DNI_LETTERS), (number, letter) => {
        const digits = String(number).padStart(8, '0');
        expect(isValidDni(`${digits}${letter}`)).toBe(DNI_LETTERS[number % 23] === letter);
      }),
    );
  });
});

describe('Spanish NIE', () => {
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'x-1234567-l'])('accepts %s', (value) => {
    expect(isValidNie(value)).toBe(true);
  });

  it.each(['X1234567A', 'W1234567L', '12345678Z', 'X123456L'])('refuses %s', (value) => {
    expect(isValidNie(value)).toBe(false);
  });
});

describe('Spanish NIF', () => {
  it.each([
    ['A28015865', 'an entity with a control digit (A)'],
    ['B12345674', 'an entity with a control digit (B)'],
    ['P2807900B', 'an entity with a control letter (P)'],
    ['Q2826000H', 'an entity with a control letter (Q)'],
    ['G12345674', 'an entity with either (G), digit'],
    ['G1234567D', 'an entity with either (G), letter'],
    ['12345678Z', 'a DNI'],
    ['X1234567L', 'a NIE'],
    ['K1234567L', 'a personal K NIF'],
  ])('accepts %s, %s', (value) => {
    expect(isValidSpanishNif(value)).toBe(true);
  });

  it.each(['A28015866', 'A2801586E', 'P28079002', 'B1234567', 'I12345674', '12345678A'])('refuses %s', (value) => {
    expect(isValidSpanishNif(value)).toBe(false);
  });
});

describe('Portuguese NIF', () => {
  it.each(['123456789', '501442600', '999999990'])('accepts %s', (value) => {
    expect(isValidPortugueseNif(value)).toBe(true);
  });

  it.each(['123456780', '012345678', '12345678', 'PT123456789'])('refuses %s', (value) => {
    expect(isValidPortugueseNif(value)).toBe(false);
  });
});

describe('Portuguese citizen card', () => {
  it.each(['000000000ZZ4', '00000000 0 ZZ4'])('accepts %s', (value) => {
    expect(isValidPortugueseCitizenCard(value)).toBe(true);
  });

  it.each(['000000000ZZ5', '000000000ZZ', '00000000AZZ4'])('refuses %s', (value) => {
    expect(isValidPortugueseCitizenCard(value)).toBe(false);
  });
});

describe('isValidDocumentNumber', () => {
  it('checks each type by its own rule', () => {
    expect(isValidDocumentNumber('DNI', '12345678Z')).toBe(true);
    expect(isValidDocumentNumber('NIE', '12345678Z')).toBe(false);
    expect(isValidDocumentNumber('NIF', 'B12345674')).toBe(true);
    expect(isValidDocumentNumber('NIF_PT', '123456789')).toBe(true);
    expect(isValidDocumentNumber('CC_PT', '000000000ZZ4')).toBe(true);
    expect(isValidDocumentNumber('PASSPORT', 'PAA123456')).toBe(true);
    expect(isValidDocumentNumber('PASSPORT', 'AB1')).toBe(false);
    expect(isValidDocumentNumber('EU_ID_CARD', 'T22000129')).toBe(true);
    expect(isValidDocumentNumber('OTHER', 'X')).toBe(true);
    expect(isValidDocumentNumber('OTHER', '')).toBe(false);
  });
});
