import { z } from 'zod';
import { POSTAL_RECEIVER_TYPE, type PostalReceiverType } from '../enums.ts';
import type { CountryCode } from './countries.ts';
import type { TLocalisedText } from './localised-text.ts';

/**
 * Identity documents a receiver can be identified by. DNI, NIF and NIE are the postal document types
 * of spec §3; the Portuguese citizen card and tax number serve Portuguese receivers; a passport or
 * another European identity card serves everybody else.
 */
export const IDENTITY_DOCUMENT_TYPES = [
  'DNI',
  'NIE',
  'NIF',
  'PASSPORT',
  'CC_PT',
  'NIF_PT',
  'EU_ID_CARD',
  'OTHER',
] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const ZIdentityDocumentType = z.enum(IDENTITY_DOCUMENT_TYPES);

export type TIdentityDocumentInfo = {
  texts: TLocalisedText;
  /** Kinds of receiver that hold it (spec §3: 1 individual, 2 company). */
  receiverTypes: readonly PostalReceiverType[];
  /** The issuing country, or null when any country issues it. */
  country: CountryCode | null;
};

const { individual, company } = POSTAL_RECEIVER_TYPE;

export const IDENTITY_DOCUMENT_INFO: Readonly<Record<IdentityDocumentType, TIdentityDocumentInfo>> = {
  DNI: {
    texts: {
      'es-es': 'DNI (documento nacional de identidad)',
      'en-en': 'DNI (Spanish identity card)',
      'pt-pt': 'DNI (cartão de identidade espanhol)',
    },
    receiverTypes: [individual],
    country: 'ES',
  },
  NIE: {
    texts: {
      'es-es': 'NIE (número de identidad de extranjero)',
      'en-en': 'NIE (Spanish foreigner identity number)',
      'pt-pt': 'NIE (número de identidade de estrangeiro em Espanha)',
    },
    receiverTypes: [individual],
    country: 'ES',
  },
  NIF: {
    texts: {
      'es-es': 'NIF (número de identificación fiscal)',
      'en-en': 'NIF (Spanish tax identification number)',
      'pt-pt': 'NIF espanhol (número de identificação fiscal)',
    },
    receiverTypes: [individual, company],
    country: 'ES',
  },
  PASSPORT: {
    texts: { 'es-es': 'Pasaporte', 'en-en': 'Passport', 'pt-pt': 'Passaporte' },
    receiverTypes: [individual],
    country: null,
  },
  CC_PT: {
    texts: {
      'es-es': 'Tarjeta de ciudadano portuguesa (CC)',
      'en-en': 'Portuguese citizen card (CC)',
      'pt-pt': 'Cartão de Cidadão',
    },
    receiverTypes: [individual],
    country: 'PT',
  },
  NIF_PT: {
    texts: {
      'es-es': 'NIF portugués (número de identificación fiscal)',
      'en-en': 'Portuguese tax identification number (NIF/NIPC)',
      'pt-pt': 'NIF/NIPC (número de identificação fiscal)',
    },
    receiverTypes: [individual, company],
    country: 'PT',
  },
  EU_ID_CARD: {
    texts: {
      'es-es': 'Documento de identidad de otro país europeo',
      'en-en': 'Identity card of another European country',
      'pt-pt': 'Documento de identificação de outro país europeu',
    },
    receiverTypes: [individual],
    country: null,
  },
  OTHER: {
    texts: { 'es-es': 'Otro documento', 'en-en': 'Other document', 'pt-pt': 'Outro documento' },
    receiverTypes: [individual, company],
    country: null,
  },
};

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Entity NIF (former CIF) letters and whether the control character is a letter, a digit or either. */
const ENTITY_LETTER_CONTROL = /^[PQRSNW]$/;
const ENTITY_DIGIT_CONTROL = /^[ABEH]$/;

/** Upper-case without spaces, dots or hyphens: how numbers are compared and stored. */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Spanish DNI: eight digits and the letter of their remainder by 23. */
export function isValidDni(value: string): boolean {
  const number = normaliseDocumentNumber(value);
  const match = /^(\d{8})([A-Z])$/.exec(number);
  return match !== null && DNI_LETTERS[Number(match[1]) % 23] === match[2];
}

/** Spanish NIE: X, Y or Z (read as 0, 1, 2), seven digits and the DNI control letter. */
export function isValidNie(value: string): boolean {
  const number = normaliseDocumentNumber(value);
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(number);
  if (!match) return false;
  const digits = `${'XYZ'.indexOf(match[1]!)}${match[2]}`;
  return DNI_LETTERS[Number(digits) % 23] === match[3];
}

/**
 * Spanish NIF: a DNI or NIE, a personal NIF of K, L or M (seven digits and the DNI letter), or an
 * entity's NIF: its letter, seven digits and a control digit or letter (Orden EHA/451/2008).
 */
export function isValidSpanishNif(value: string): boolean {
  const number = normaliseDocumentNumber(value);
  if (isValidDni(number) || isValidNie(number)) return true;
  const personal = /^[KLM](\d{7})([A-Z])$/.exec(number);
  if (personal) return DNI_LETTERS[Number(personal[1]) % 23] === personal[2];
  const entity = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(number);
  if (!entity) return false;
  const [, letter = '', digits = '', control = ''] = entity;
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  const controlDigit = (10 - (sum % 10)) % 10;
  const controlLetter = 'JABCDEFGHI'[controlDigit]!;
  if (ENTITY_LETTER_CONTROL.test(letter)) return control === controlLetter;
  if (ENTITY_DIGIT_CONTROL.test(letter)) return control === String(controlDigit);
  return control === String(controlDigit) || control === controlLetter;
}

/** Portuguese NIF/NIPC: nine digits, the last a check digit by weights 9…2 modulo 11. */
export function isValidPortugueseNif(value: string): boolean {
  const number = normaliseDocumentNumber(value);
  if (!/^[1-9]\d{8}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(number[index]) * (9 - index);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(number[8]);
}

/**
 * Portuguese citizen card document number: eight digits of the civil identification number, its
 * check digit, two version characters and a final check digit (`00000000 0 ZZ4`), validated together
 * with the Luhn rule over base-36 values, as the card's technical specification describes.
 */
export function isValidPortugueseCitizenCard(value: string): boolean {
  const number = normaliseDocumentNumber(value);
  if (!/^\d{9}[A-Z0-9]{2}\d$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let index = number.length - 1; index >= 0; index -= 1) {
    let digit = Number.parseInt(number[index]!, 36);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Passports and other identity cards: 5 to 20 letters and digits (ICAO 9303 allows up to 9; some add more). */
function isPlainDocumentNumber(value: string): boolean {
  return /^[A-Z0-9]{5,20}$/.test(normaliseDocumentNumber(value));
}

const VALIDATORS: Readonly<Record<IdentityDocumentType, (value: string) => boolean>> = {
  DNI: isValidDni,
  NIE: isValidNie,
  NIF: isValidSpanishNif,
  PASSPORT: isPlainDocumentNumber,
  CC_PT: isValidPortugueseCitizenCard,
  NIF_PT: isValidPortugueseNif,
  EU_ID_CARD: isPlainDocumentNumber,
  OTHER: (value) => /^[A-Z0-9]{1,20}$/.test(normaliseDocumentNumber(value)),
};

/** Whether `value` is a well-formed number of a document type, check characters included. */
export function isValidDocumentNumber(type: IdentityDocumentType, value: string): boolean {
  return VALIDATORS[type](value);
}
