/** Shared validation patterns of spec §5. */

export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Semicolon-separated e-mails (CC). Blanks around separators are allowed, empty items are not. */
export function isEmailList(value: string): boolean {
  const items = value.split(';').map((item) => item.trim());
  return items.length > 0 && items.every((item) => item !== '' && isEmail(item));
}

/**
 * Username: 5–50 characters of letters, digits, ñ/Ñ and . _ - @; starts and ends with a letter
 * or digit; never two special characters in a row.
 */
export const USERNAME_PATTERN = /^(?=.{5,50}$)[A-Za-z0-9ñÑ](?:[.\-_@]?[A-Za-z0-9ñÑ])*$/;

export function isUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

/** Company tax id: one letter, seven digits, one letter or digit (spec §5). */
export const COMPANY_TAX_ID_PATTERN = /^[A-Za-z][0-9]{7}[A-Za-z0-9]$/;

/**
 * A company tax id of spec §5's shape whose control character is right, as Spanish tax ids are checked: an
 * entity's NIF (formerly CIF), a foreigner's NIE, or a personal NIF of K, L or M. The one rule of the console's
 * form and the server.
 */
export function isCompanyTaxId(value: string): boolean {
  if (!COMPANY_TAX_ID_PATTERN.test(value)) return false;
  const upper = value.toUpperCase();
  return isEntityNif(upper) || isNie(upper) || isPersonalNif(upper);
}

/** Personal NIF of K, L or M: seven digits and the DNI check letter. */
function isPersonalNif(value: string): boolean {
  const match = /^[KLM](\d{7})([A-Z])$/.exec(value);
  return match !== null && dniLetterMatches(match[1]!, match[2]!);
}

/**
 * EU VAT number formats by country prefix (VIES formats, without check digits).
 * The value includes the two-letter prefix, e.g. `ESB12345678`.
 */
export const EU_VAT_PATTERNS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export function isEuVat(value: string): boolean {
  const normalised = value.replace(/[\s.-]/g, '').toUpperCase();
  const pattern = EU_VAT_PATTERNS[normalised.slice(0, 2)];
  return pattern?.test(normalised) === true;
}

/** Restricted text: letters, digits, space, ñ/Ñ and . , _ - only. */
export const RESTRICTED_TEXT_PATTERN = /^[A-Za-z0-9ñÑ .,_-]*$/;

export function isRestrictedText(value: string): boolean {
  return RESTRICTED_TEXT_PATTERN.test(value);
}

/**
 * SMS text (spec §5 leaves the set open): an SMS goes in the GSM-7 alphabet, or in UCS-2 when a character is
 * outside it (see sms-segments.ts; whether a company allows that is its own setting). What neither carries as
 * text: control characters other than line and page breaks (GSM-7 has both), and a lone half of a surrogate pair.
 */
const SMS_ILLEGAL_CHARACTER = /^(?:(?![\r\n\f])\p{Cc}|\p{Cs})$/u;

export function isSmsText(value: string): boolean {
  return findIllegalSmsCharacters(value).length === 0;
}

/** Characters of `value` no SMS can carry, each once, in order of appearance. */
export function findIllegalSmsCharacters(value: string): string[] {
  const illegal = new Set<string>();
  for (const char of value) if (SMS_ILLEGAL_CHARACTER.test(char)) illegal.add(char);
  return [...illegal];
}

/** Check letters of Spanish DNI and NIE numbers: the number modulo 23 picks the letter. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function dniLetterMatches(digits: string, letter: string): boolean {
  return DNI_LETTERS[Number(digits) % 23] === letter;
}

/** Spanish DNI: eight digits and the check letter (`12345678Z`). */
export function isDni(value: string): boolean {
  const match = /^(\d{8})([A-Z])$/.exec(value.toUpperCase());
  return match !== null && dniLetterMatches(match[1]!, match[2]!);
}

/** Spanish NIE (foreigners): X, Y or Z (read as 0, 1, 2), seven digits and the DNI check letter. */
export function isNie(value: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(value.toUpperCase());
  return match !== null && dniLetterMatches(`${'XYZ'.indexOf(match[1]!)}${match[2]}`, match[3]!);
}

/**
 * NIF of a legal entity (formerly CIF): an organisation letter, seven digits and a control character.
 * The control is a digit for A, B, E and H, a letter for N, P, Q, R, S and W, either for the rest.
 */
export function isEntityNif(value: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value.toUpperCase());
  if (!match) return false;
  const [, kind, digits, control] = match as unknown as [string, string, string, string];
  let sum = 0;
  for (let index = 0; index < 7; index++) {
    const digit = Number(digits[index]);
    if (index % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const checkDigit = (10 - (sum % 10)) % 10;
  const checkLetter = 'JABCDEFGHI'[checkDigit]!;
  if ('ABEH'.includes(kind)) return control === String(checkDigit);
  if ('NPQRSW'.includes(kind)) return control === checkLetter;
  return control === String(checkDigit) || control === checkLetter;
}

/**
 * Spanish NIF: a person's (the DNI number, or K, L or M followed by seven digits and the DNI check
 * letter) or a legal entity's.
 */
export function isNif(value: string): boolean {
  const upper = value.toUpperCase();
  const klm = /^[KLM](\d{7})([A-Z])$/.exec(upper);
  if (klm) return dniLetterMatches(klm[1]!, klm[2]!);
  return isDni(upper) || isEntityNif(upper);
}

export type TIdentityDocumentType = 'DNI' | 'NIF' | 'NIE';

/** Whether `value` is a valid number of the document type, check character included. */
export function isIdentityDocument(type: TIdentityDocumentType, value: string): boolean {
  const compact = value.replace(/[\s.-]/g, '');
  if (type === 'DNI') return isDni(compact);
  if (type === 'NIE') return isNie(compact);
  return isNif(compact);
}

/**
 * A mobile number in E.164 form, or written the Spanish or Portuguese way. Spanish mobiles are nine
 * digits starting with 6 or 7; Portuguese ones nine digits starting with 91, 92, 93 or 96. Answers
 * the number in E.164 (`+34612345678`), or null when it is not a mobile number.
 */
export function normaliseMobile(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  const spanish = /^(?:\+?34)?([67]\d{8})$/.exec(compact);
  if (spanish) return `+34${spanish[1]}`;
  const portuguese = /^(?:\+?351)?(9[1236]\d{7})$/.exec(compact);
  if (portuguese) return `+351${portuguese[1]}`;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}

export function isMobile(value: string): boolean {
  return normaliseMobile(value) !== null;
}
