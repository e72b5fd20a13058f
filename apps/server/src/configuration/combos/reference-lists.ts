import type {
  TCountryItem,
  TIdentityDocumentTypeItem,
  TServiceConfiguration,
} from '@sello/contracts/catalogue/configuration';
import { type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import { type Channel, DOCUMENT_CATEGORIES, SERVICE_CODE_BY_KIND, SERVICE_KINDS } from '@sello/contracts/enums';
import {
  COUNTRIES,
  type CountryCode,
  IDENTITY_DOCUMENT_COUNTRY_CODES,
  POSTAL_COUNTRY_CODES,
} from '@sello/contracts/reference/countries';
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORY_NAMES } from '@sello/contracts/reference/document-categories';
import { SHIPPING_FILE_TYPES } from '@sello/contracts/reference/file-types';
import {
  IDENTITY_DOCUMENT_INFO,
  IDENTITY_DOCUMENT_TYPES,
  type IdentityDocumentType,
} from '@sello/contracts/reference/identity-documents';
import { IDENTIFICATION_PAGE_LANGUAGES, LANGUAGE_NAMES } from '@sello/contracts/reference/language-names';
import { NOTICE_METHOD_INFO, NOTICE_METHODS } from '@sello/contracts/reference/notice-methods';
import { SERVICE_CHANNELS, SERVICE_NAMES } from '@sello/contracts/reference/services';
import { SIGN_METHOD_INFO, SIGN_METHODS } from '@sello/contracts/reference/sign-methods';
import { STREET_NUMBER_TYPES, STREET_TYPES, streetTypeText } from '@sello/contracts/reference/street-types';

/**
 * The static combos of the new-shipping form, in each console language. Lists a person scans by name
 * (countries, street types) are sorted by the language's collation; lists with a meaningful order
 * (services, number kinds, sign methods, categories) keep it.
 */

const collators = new Map<Language, Intl.Collator>();

function sortByText<T extends { text: string }>(items: T[], language: Language): T[] {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(LOCALE_BY_LANGUAGE[language], { sensitivity: 'base' });
    collators.set(language, collator);
  }
  return items.sort((a, b) => collator.compare(a.text, b.text));
}

/** Builds a list once per language; every later call answers the same array. */
function perLanguage<T>(build: (language: Language) => T): (language: Language) => T {
  const cache = new Map<Language, T>();
  return (language) => {
    let value = cache.get(language);
    if (value === undefined) {
      value = build(language);
      cache.set(language, value);
    }
    return value;
  };
}

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

function countryItems(codes: readonly CountryCode[], language: Language): TCountryItem[] {
  return sortByText(
    codes.map((code) => ({ value: code, text: COUNTRY_BY_CODE.get(code)!.names[language] })),
    language,
  );
}

export const postalCountries = perLanguage((language) => countryItems(POSTAL_COUNTRY_CODES, language));

export const identityDocumentCountries = perLanguage((language) =>
  countryItems(IDENTITY_DOCUMENT_COUNTRY_CODES, language),
);

export const streetTypes = perLanguage((language) =>
  sortByText(
    STREET_TYPES.map((streetType) => ({
      value: streetType.code,
      text: streetTypeText(streetType, language),
      countries: [...streetType.countries],
    })),
    language,
  ),
);

export const streetNumberTypes = perLanguage((language) =>
  STREET_NUMBER_TYPES.map((numberType) => ({
    value: numberType.code,
    text: numberType.texts[language],
    numberRequired: numberType.numberRequired,
  })),
);

export function identityDocumentType(type: IdentityDocumentType, language: Language): TIdentityDocumentTypeItem {
  const info = IDENTITY_DOCUMENT_INFO[type];
  return { value: type, text: info.texts[language], receiverTypes: [...info.receiverTypes], country: info.country };
}

/** The identity document types among `allowed` (every type when null), in their fixed order. */
export function identityDocumentTypes(
  allowed: readonly string[] | null,
  language: Language,
): TIdentityDocumentTypeItem[] {
  return IDENTITY_DOCUMENT_TYPES.filter((type) => allowed === null || allowed.includes(type)).map((type) =>
    identityDocumentType(type, language),
  );
}

export const documentCategories = perLanguage((language) =>
  DOCUMENT_CATEGORIES.map((category) => ({
    value: category,
    text: DOCUMENT_CATEGORY_NAMES[category][language],
    isDefault: category === DEFAULT_DOCUMENT_CATEGORY,
  })),
);

export const signMethods = perLanguage((language) =>
  SIGN_METHODS.map((method) => {
    const info = SIGN_METHOD_INFO[method];
    return {
      value: method,
      text: info.texts[language],
      services: [...info.services],
      channels: [...info.channels],
      contact: info.contact,
    };
  }),
);

export const services = perLanguage((language) =>
  SERVICE_KINDS.map((service) => ({
    value: SERVICE_CODE_BY_KIND[service],
    text: SERVICE_NAMES[service][language],
    service,
  })),
);

/** What a domain has contracted; null lists mean everything. */
export type TDomainAllowances = { serviceKinds: readonly string[] | null; channels: readonly string[] | null };

/**
 * Each service kind for a domain: on when the domain has it and at least one of its channels, with the
 * channels both the service and the domain allow.
 */
export function servicesConfiguration(allowances: TDomainAllowances, language: Language): TServiceConfiguration[] {
  return SERVICE_KINDS.map((service) => {
    const contracted = allowances.serviceKinds === null || allowances.serviceKinds.includes(service);
    const channels = contracted ? SERVICE_CHANNELS[service].filter((channel) => allows(allowances, channel)) : [];
    return {
      service,
      code: SERVICE_CODE_BY_KIND[service],
      text: SERVICE_NAMES[service][language],
      enabled: channels.length > 0,
      channels,
    };
  });
}

function allows(allowances: TDomainAllowances, channel: Channel): boolean {
  return allowances.channels === null || allowances.channels.includes(channel);
}

/** The notice methods of the channels a domain may send on. */
export function noticeMethods(allowances: TDomainAllowances, language: Language) {
  return NOTICE_METHODS.filter((method) => allows(allowances, NOTICE_METHOD_INFO[method].channel)).map((method) => ({
    value: method,
    text: NOTICE_METHOD_INFO[method].texts[language],
    channel: NOTICE_METHOD_INFO[method].channel,
  }));
}

export const identificationPageLanguages = perLanguage((language) =>
  IDENTIFICATION_PAGE_LANGUAGES.map((value) => ({ value, text: LANGUAGE_NAMES[value][language] })),
);

export function shippingFileTypes() {
  return SHIPPING_FILE_TYPES.map((fileType) => ({ ...fileType }));
}
