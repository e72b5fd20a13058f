import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import { CHANNELS, SERVICE_CODE_BY_KIND, SERVICE_KINDS } from '../enums.ts';
import {
  COUNTRIES,
  COUNTRY_CODES,
  EU_COUNTRY_CODES,
  IDENTITY_DOCUMENT_COUNTRY_CODES,
  POSTAL_COUNTRY_CODES,
  ZCountryCode,
} from './countries.ts';
import { SHIPPING_FILE_TYPES, shippingFileTypeOf } from './file-types.ts';
import { capitaliseWords, NOTICE_METHOD_INFO, NOTICE_METHODS } from './notice-methods.ts';
import { SERVICE_CHANNELS, SERVICE_KIND_BY_CODE, SERVICE_NAMES, serviceAllowsChannel } from './services.ts';
import { SIGN_METHOD_INFO, SIGN_METHODS, signMethodsOf } from './sign-methods.ts';
import { STREET_NUMBER_TYPES, STREET_TYPES, streetTypeText } from './street-types.ts';

describe('countries', () => {
  it('hold the 249 ISO 3166-1 alpha-2 codes once each, named in every language', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      for (const language of LANGUAGES) expect(country.names[language].trim()).not.toBe('');
    }
    expect(COUNTRY_CODES).toEqual([...COUNTRY_CODES].sort());
  });

  it('validate codes', () => {
    expect(ZCountryCode.safeParse('PT').success).toBe(true);
    expect(ZCountryCode.safeParse('XK').success).toBe(false);
    expect(ZCountryCode.safeParse('es').success).toBe(false);
  });

  it('list the EU, and the countries for postal shippings and identity documents', () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(POSTAL_COUNTRY_CODES).toHaveLength(245);
    expect(IDENTITY_DOCUMENT_COUNTRY_CODES).toHaveLength(32);
    expect(IDENTITY_DOCUMENT_COUNTRY_CODES).toEqual(expect.arrayContaining(['ES', 'PT', 'NO', 'CH', 'GB']));
  });
});

describe('services', () => {
  it('name every service kind and give each at least one channel', () => {
    for (const kind of SERVICE_KINDS) {
      expect(SERVICE_CHANNELS[kind].length).toBeGreaterThan(0);
      expect(SERVICE_CHANNELS[kind].every((channel) => (CHANNELS as readonly string[]).includes(channel))).toBe(true);
      for (const language of LANGUAGES) expect(SERVICE_NAMES[kind][language]).not.toBe('');
      expect(SERVICE_KIND_BY_CODE[SERVICE_CODE_BY_KIND[kind]]).toBe(kind);
    }
  });

  it('keep certified e-mail and SMS on their own channel and postal for notices only', () => {
    expect(SERVICE_CHANNELS.certified_email).toEqual(['email']);
    expect(SERVICE_CHANNELS.certified_sms).toEqual(['sms']);
    expect(SERVICE_KINDS.filter((kind) => serviceAllowsChannel(kind, 'postal'))).toEqual([
      'notification',
      'communication',
    ]);
  });
});

describe('sign methods', () => {
  it('work only with services and channels that exist and that the service allows', () => {
    for (const method of SIGN_METHODS) {
      const info = SIGN_METHOD_INFO[method];
      expect(info.services.length).toBeGreaterThan(0);
      for (const service of info.services) {
        expect(info.channels.some((channel) => serviceAllowsChannel(service, channel))).toBe(true);
      }
    }
    expect(signMethodsOf('acceptance')).toEqual([
      'PIN_SMS',
      'PIN_EMAIL',
      'PIN_WHATSAPP',
      'WHATSAPP_SMS',
      'WHATSAPP_VOICE',
      'BIOHAND_GRAPH',
      'PKI',
      'PKI_CLOUD',
    ]);
    expect(signMethodsOf('express_acceptance')).toEqual([
      'PIN_SMS',
      'PIN_EMAIL',
      'PIN_WHATSAPP',
      'WHATSAPP_SMS',
      'WHATSAPP_VOICE',
      'CLICK',
    ]);
    expect(signMethodsOf('notification')).toEqual([]);
  });
});

describe('notice methods', () => {
  it('are capitalised on each word (spec §5) and map to distinct channels', () => {
    for (const method of NOTICE_METHODS) expect(capitaliseWords(method)).toBe(method);
    expect(new Set(NOTICE_METHODS.map((method) => NOTICE_METHOD_INFO[method].channel))).toEqual(new Set(CHANNELS));
  });

  it('capitalise words', () => {
    expect(capitaliseWords('on SCREEN')).toBe('On Screen');
    expect(capitaliseWords('e-mail')).toBe('E-Mail');
    expect(capitaliseWords('correo electrónico')).toBe('Correo Electrónico');
  });
});

describe('street types', () => {
  it('have unique codes that fit the postal address field', () => {
    const codes = STREET_TYPES.map((streetType) => streetType.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2,20}$/);
    expect(new Set(STREET_NUMBER_TYPES.map((numberType) => numberType.code)).size).toBe(STREET_NUMBER_TYPES.length);
  });

  it('read natively in their own language and with their meaning elsewhere', () => {
    const plaza = STREET_TYPES.find((streetType) => streetType.code === 'PLAZA')!;
    const praca = STREET_TYPES.find((streetType) => streetType.code === 'PRACA')!;
    expect(streetTypeText(plaza, 'es-es')).toBe('Plaza');
    expect(streetTypeText(plaza, 'pt-pt')).toBe('Plaza (Praça)');
    expect(streetTypeText(praca, 'es-es')).toBe('Praça (Plaza)');
    expect(streetTypeText(praca, 'en-en')).toBe('Praça (Square)');
    expect(streetTypeText(praca, 'pt-pt')).toBe('Praça');
  });
});

describe('shipping file types', () => {
  it('have unique extensions, PDF the only signable one', () => {
    const extensions = SHIPPING_FILE_TYPES.map((fileType) => fileType.extension);
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(SHIPPING_FILE_TYPES.filter((fileType) => fileType.signable).map((fileType) => fileType.extension)).toEqual([
      'pdf',
    ]);
  });

  it('find a type by file name, ignoring case', () => {
    expect(shippingFileTypeOf('Contract.PDF')?.mimeType).toBe('application/pdf');
    expect(shippingFileTypeOf('photo.final.jpeg')?.mimeType).toBe('image/jpeg');
    expect(shippingFileTypeOf('setup.exe')).toBeUndefined();
    expect(shippingFileTypeOf('README')).toBeUndefined();
  });
});
