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

/** Company tax id: one letter, seven digits, one letter or digit. */
export const COMPANY_TAX_ID_PATTERN = /^[A-Za-z][0-9]{7}[A-Za-z0-9]$/;

export function isCompanyTaxId(value: string): boolean {
  return COMPANY_TAX_ID_PATTERN.test(value);
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
 * SMS text: letters (including Spanish and Portuguese accented letters), digits, space, line
 * breaks and the punctuation below. The spec does not list the set; ours is the GSM 03.38 basic
 * punctuation every SMS centre delivers without switching to UCS-2.
 */
export const SMS_PUNCTUATION = `.,;:¿?¡!()"'-_/@%&+=*#<>€$`;
const SMS_LETTERS = 'A-Za-z0-9ñÑáéíóúÁÉÍÓÚüÜàèìòùÀÈÌÒÙâêôÂÊÔãõÃÕçÇ';
const escapedPunctuation = SMS_PUNCTUATION.replace(/[-\\^\]/]/g, '\\$&');
export const SMS_TEXT_PATTERN = new RegExp(`^[${SMS_LETTERS} \\r\\n${escapedPunctuation}]*$`);

export function isSmsText(value: string): boolean {
  return SMS_TEXT_PATTERN.test(value);
}

/** Characters of `value` an SMS cannot carry, each once, in order of appearance. */
export function findIllegalSmsCharacters(value: string): string[] {
  const illegal = new Set<string>();
  for (const char of value) if (!SMS_TEXT_PATTERN.test(char)) illegal.add(char);
  return [...illegal];
}
