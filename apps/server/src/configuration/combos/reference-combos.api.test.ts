import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { SERVICE_CODE_BY_KIND, SERVICE_KINDS } from '@sello/contracts/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
/** company.user speaks Spanish, company.manager Portuguese, sandbox.user English (seed). */
let spanish: TestClient;
let portuguese: TestClient;
let english: TestClient;
let acmeAdmin: TestClient;
let superAdmin: TestClient;
let companyAdmin: TestClient;
let acmeId: number;
let demoId: number;

type TItem = { value: string; text: string };

beforeAll(async () => {
  t = await createTestApp();
  const signIn = (login: string) => signedInClient(t.app, login);
  spanish = await signIn('company.user');
  portuguese = await signIn('company.manager');
  english = await signIn('sandbox.user');
  acmeAdmin = await signIn('acme.admin');
  superAdmin = await signIn('super.admin');
  companyAdmin = await signIn('company.admin');
  acmeId = await domainIdOf(t.database.db, 'ACME');
  demoId = await domainIdOf(t.database.db, 'DEMO');
});
afterAll(() => t.close());

async function getOk(client: TestClient, path: string) {
  const response = await client.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const textOf = (items: TItem[], value: string) => items.find((item) => item.value === value)?.text;
const valuesOf = (items: { value: unknown }[]) => items.map((item) => item.value);

describe('configuration combos need a session', () => {
  it.each([
    'configuration/getPreferenceNumDownload',
    'configuration/getFileTypes',
    'configuration/countriesPostal',
    'configuration/streetNumType?lang=es-es',
    'configuration/streetType?lang=es-es',
    'configuration/countriesJC?lang=es-es',
    'configuration/docIdType',
    'configuration/docIdTypeByCode?code=DNI',
    'configuration/getTypesDocument?default=true',
    'configuration/getSignMethods',
    'configuration/getServicesConfiguration',
    'configuration/services',
    'configuration/noticeMethods',
    'configuration/idCardLanguages',
    'configuration/certificatesByCompany?companyId=1',
    'configuration/certificatesBySelectedCompanies?ids=1',
    'configuration/usersBySelectedCompanies?ids=1',
    'configuration/authUsersBySelectedCompanies?ids=1',
  ])('%s answers 401 ERR_TKN_INVALID without one', async (path) => {
    const response = await new TestClient(t.app).get(path);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ key: 'ERR_TKN_INVALID' });
  });
});

describe('configuration combos with texts', () => {
  it.each([
    'countriesPostal',
    'countriesJC',
    'streetType',
    'streetNumType',
    'docIdType',
    'docIdTypeByCode?code=DNI&',
    'getTypesDocument',
    'getSignMethods',
    'getServicesConfiguration',
    'services',
    'noticeMethods',
    'idCardLanguages',
  ])('%s refuses a language other than es-es, en-en and pt-pt', async (call) => {
    const path = call.endsWith('&') ? `configuration/${call}lang=es` : `configuration/${call}?lang=es`;
    const response = await spanish.get(path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { lang: 'ERR_FIELD_INVALID' } });
  });
});

describe('configuration/getPreferenceNumDownload', () => {
  it('answers the NUM_DOWNLOAD preference', async () => {
    expect(await getOk(spanish, 'configuration/getPreferenceNumDownload')).toEqual({ value: '50' });
  });
});

describe('configuration/getFileTypes', () => {
  it('lists the document types a shipping accepts, PDF the only signable one', async () => {
    const types = configurationApi.getFileTypes.response.parse(await getOk(spanish, 'configuration/getFileTypes'));
    expect(types[0]).toEqual({ extension: 'pdf', mimeType: 'application/pdf', signable: true });
    expect(types.filter((type) => type.signable).map((type) => type.extension)).toEqual(['pdf']);
    expect(types.map((type) => type.extension)).toEqual(
      expect.arrayContaining(['jpg', 'png', 'tiff', 'docx', 'xlsx', 'odt', 'txt', 'xml']),
    );
    for (const forbidden of ['exe', 'zip', 'js', 'html', 'svg']) {
      expect(types.map((type) => type.extension)).not.toContain(forbidden);
    }
  });
});

describe('configuration/countriesPostal', () => {
  /** EU/EEA and the main destinations of Spanish and Portuguese senders. */
  const MUST_HAVE = [
    ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU'],
    ...['LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO'],
    ...['GB', 'US', 'CH', 'AD', 'MA', 'BR', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'CU', 'DO', 'AO', 'MZ', 'CV'],
  ];

  it('lists every ISO 3166-1 country with a postal service, by name in the language asked', async () => {
    for (const [lang, spain, germany, unitedKingdom] of [
      ['es-es', 'España', 'Alemania', 'Reino Unido'],
      ['en-en', 'Spain', 'Germany', 'United Kingdom'],
      ['pt-pt', 'Espanha', 'Alemanha', 'Reino Unido'],
    ] as const) {
      const items = configurationApi.countriesPostal.response.parse(
        await getOk(spanish, `configuration/countriesPostal?lang=${lang}`),
      );
      expect(items).toHaveLength(245);
      expect(valuesOf(items)).toEqual(expect.arrayContaining(MUST_HAVE));
      expect(valuesOf(items)).not.toContain('AQ');
      expect(textOf(items, 'ES')).toBe(spain);
      expect(textOf(items, 'DE')).toBe(germany);
      expect(textOf(items, 'GB')).toBe(unitedKingdom);
      const texts = items.map((item) => item.text);
      const locale = { 'es-es': 'es', 'en-en': 'en-GB', 'pt-pt': 'pt-PT' }[lang];
      expect(texts).toEqual([...texts].sort(new Intl.Collator(locale, { sensitivity: 'base' }).compare));
    }
  });

  it("answers in the user's language when no lang is given", async () => {
    expect(textOf(await getOk(spanish, 'configuration/countriesPostal'), 'NL')).toBe('Países Bajos');
    expect(textOf(await getOk(portuguese, 'configuration/countriesPostal'), 'NL')).toBe('Países Baixos');
    expect(textOf(await getOk(english, 'configuration/countriesPostal'), 'NL')).toBe('Netherlands');
  });

  it('refuses an unknown language', async () => {
    const response = await spanish.get('configuration/countriesPostal?lang=fr-fr');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { lang: 'ERR_FIELD_INVALID' } });
  });
});

describe('configuration/countriesJC', () => {
  it('lists the EU, EEA, Switzerland and the United Kingdom in the language asked', async () => {
    const items = configurationApi.countriesJC.response.parse(await getOk(spanish, 'configuration/countriesJC'));
    expect(new Set(valuesOf(items))).toEqual(
      new Set([
        ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT'],
        ...['LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO', 'CH', 'GB'],
      ]),
    );
    expect(textOf(items, 'CH')).toBe('Suiza');
    expect(textOf(await getOk(spanish, 'configuration/countriesJC?lang=en-en'), 'CH')).toBe('Switzerland');
    expect(textOf(await getOk(spanish, 'configuration/countriesJC?lang=pt-pt'), 'CH')).toBe('Suíça');
  });
});

describe('configuration/streetType', () => {
  it('names Spanish and Portuguese street types natively, with their meaning elsewhere', async () => {
    const es = configurationApi.streetType.response.parse(await getOk(spanish, 'configuration/streetType?lang=es-es'));
    const en = await getOk(spanish, 'configuration/streetType?lang=en-en');
    const pt = await getOk(spanish, 'configuration/streetType?lang=pt-pt');
    expect(valuesOf(es)).toEqual(
      expect.arrayContaining(['CALLE', 'AVENIDA', 'PLAZA', 'PASEO', 'CARRETERA', 'CAMINO', 'RONDA', 'TRAVESIA']),
    );
    expect(valuesOf(es)).toEqual(
      expect.arrayContaining(['GLORIETA', 'URBANIZACION', 'RUA', 'PRACA', 'LARGO', 'TRAVESSA', 'ESTRADA', 'ALAMEDA']),
    );
    expect([textOf(es, 'CALLE'), textOf(en, 'CALLE'), textOf(pt, 'CALLE')]).toEqual([
      'Calle',
      'Calle (Street)',
      'Calle (Rua)',
    ]);
    expect([textOf(es, 'RUA'), textOf(en, 'RUA'), textOf(pt, 'RUA')]).toEqual(['Rua (Calle)', 'Rua (Street)', 'Rua']);
    expect([textOf(es, 'TRAVESIA'), textOf(pt, 'TRAVESSA')]).toEqual(['Travesía', 'Travessa']);
    expect([textOf(es, 'AVENIDA'), textOf(en, 'AVENIDA'), textOf(pt, 'AVENIDA')]).toEqual([
      'Avenida',
      'Avenida (Avenue)',
      'Avenida',
    ]);
    expect(es.find((item) => item.value === 'AVENIDA')?.countries).toEqual(['ES', 'PT']);
    expect(es.find((item) => item.value === 'LARGO')?.countries).toEqual(['PT']);
    expect(new Set(valuesOf(es)).size).toBe(es.length);
  });
});

describe('configuration/streetNumType', () => {
  it('lists the kinds of street number in order, translated', async () => {
    const texts = async (lang: string) =>
      (await getOk(spanish, `configuration/streetNumType?lang=${lang}`)).map((item: TItem) => item.text);
    const items = configurationApi.streetNumType.response.parse(await getOk(spanish, 'configuration/streetNumType'));
    expect(items.map((item) => [item.value, item.numberRequired])).toEqual([
      ['NUM', true],
      ['KM', true],
      ['SN', false],
      ['LOTE', true],
    ]);
    expect(await texts('es-es')).toEqual(['Número', 'Kilómetro', 'Sin número', 'Parcela']);
    expect(await texts('en-en')).toEqual(['Number', 'Kilometre', 'Without number', 'Plot']);
    expect(await texts('pt-pt')).toEqual(['Número', 'Quilómetro', 'Sem número', 'Lote']);
  });
});

describe('configuration/docIdType', () => {
  it('lists every identity document type for a domain without restrictions', async () => {
    const items = configurationApi.docIdType.response.parse(await getOk(spanish, 'configuration/docIdType'));
    expect(valuesOf(items)).toEqual(['DNI', 'NIE', 'NIF', 'PASSPORT', 'CC_PT', 'NIF_PT', 'EU_ID_CARD', 'OTHER']);
    expect(items[0]).toEqual({
      value: 'DNI',
      text: 'DNI (documento nacional de identidad)',
      receiverTypes: [1],
      country: 'ES',
    });
    expect(items.find((item) => item.value === 'NIF')?.receiverTypes).toEqual([1, 2]);
    expect(textOf(await getOk(portuguese, 'configuration/docIdType'), 'CC_PT')).toBe('Cartão de Cidadão');
    expect(textOf(await getOk(english, 'configuration/docIdType'), 'PASSPORT')).toBe('Passport');
  });

  it("lists only the types a domain accepts: the caller's own, or the one a super admin names", async () => {
    const acmeTypes = ['DNI', 'NIE', 'NIF', 'PASSPORT', 'EU_ID_CARD'];
    expect(valuesOf(await getOk(acmeAdmin, 'configuration/docIdType'))).toEqual(acmeTypes);
    expect(valuesOf(await getOk(acmeAdmin, `configuration/docIdType?domain=${acmeId}`))).toEqual(acmeTypes);
    expect(valuesOf(await getOk(superAdmin, `configuration/docIdType?domain=${acmeId}`))).toEqual(acmeTypes);
    expect(await getOk(superAdmin, `configuration/docIdType?domain=${demoId}`)).toHaveLength(8);
  });

  it('answers 404 to a super admin naming a domain that does not exist', async () => {
    const response = await superAdmin.get('configuration/docIdType?domain=987654321');
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 for another domain's list", async () => {
    for (const [client, domain] of [
      [acmeAdmin, demoId],
      [companyAdmin, acmeId],
    ] as const) {
      const response = await client.get(`configuration/docIdType?domain=${domain}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ key: 'ERR_NOT_FOUND' });
    }
  });

  it('refuses a domain that is not an id', async () => {
    const response = await spanish.get('configuration/docIdType?domain=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ domain: 'ERR_FIELD_INVALID' });
  });
});

describe('configuration/docIdTypeByCode', () => {
  it('answers one type by its code, whatever the case, in the language asked', async () => {
    expect(
      configurationApi.docIdTypeByCode.response.parse(await getOk(spanish, 'configuration/docIdTypeByCode?code=nie')),
    ).toEqual({ value: 'NIE', text: 'NIE (número de identidad de extranjero)', receiverTypes: [1], country: 'ES' });
    expect(await getOk(spanish, 'configuration/docIdTypeByCode?code=NIF_PT&lang=en-en')).toEqual({
      value: 'NIF_PT',
      text: 'Portuguese tax identification number (NIF/NIPC)',
      receiverTypes: [1, 2],
      country: 'PT',
    });
    expect((await getOk(spanish, 'configuration/docIdTypeByCode?code=PASSPORT&lang=pt-pt')).text).toBe('Passaporte');
  });

  it('refuses a missing or unknown code', async () => {
    const missing = await spanish.get('configuration/docIdTypeByCode');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ key: 'ERR_VALIDATION', fields: { code: 'ERR_FIELD_REQUIRED' } });
    const unknown = await spanish.get('configuration/docIdTypeByCode?code=DRIVING');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ key: 'ERR_VALIDATION', fields: { code: 'ERR_FIELD_INVALID' } });
  });
});

describe('configuration/getTypesDocument', () => {
  it('lists the document categories with the default one marked', async () => {
    const items = configurationApi.getTypesDocument.response.parse(
      await getOk(spanish, 'configuration/getTypesDocument'),
    );
    expect(valuesOf(items)).toEqual(['UNSPECIFIED', 'IMAGE', 'DOCUMENT', 'PAYROLL', 'INCOME', 'UNCATEGORIZED']);
    expect(items.filter((item) => item.isDefault).map((item) => item.value)).toEqual(['UNSPECIFIED']);
    expect(textOf(items, 'PAYROLL')).toBe('Nómina');
    expect(textOf(await getOk(spanish, 'configuration/getTypesDocument?lang=en-en'), 'PAYROLL')).toBe('Payslip');
    expect(textOf(await getOk(spanish, 'configuration/getTypesDocument?lang=pt-pt'), 'INCOME')).toBe(
      'Comprovativo de rendimentos',
    );
  });

  it('answers only the default category with default=true, and all with default=false', async () => {
    expect(await getOk(spanish, 'configuration/getTypesDocument?default=true&lang=en-en')).toEqual([
      { value: 'UNSPECIFIED', text: 'Unspecified', isDefault: true },
    ]);
    expect(await getOk(spanish, 'configuration/getTypesDocument?default=false')).toHaveLength(6);
    const response = await spanish.get('configuration/getTypesDocument?default=perhaps');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ default: 'ERR_FIELD_INVALID' });
  });
});

describe('configuration/getSignMethods', () => {
  it('lists the sign methods with their services, channels and contact', async () => {
    const items = configurationApi.getSignMethods.response.parse(await getOk(english, 'configuration/getSignMethods'));
    expect(valuesOf(items)).toEqual([
      'PIN_SMS',
      'PIN_EMAIL',
      'PIN_WHATSAPP',
      'CLICK',
      'BIOHAND_GRAPH',
      'PKI',
      'PKI_CLOUD',
    ]);
    expect(items.find((item) => item.value === 'BIOHAND_GRAPH')).toEqual({
      value: 'BIOHAND_GRAPH',
      text: 'Handwritten biometric signature',
      services: ['acceptance', 'double_acceptance'],
      channels: ['onscreen'],
      contact: null,
    });
    expect(items.find((item) => item.value === 'PIN_SMS')).toMatchObject({ text: 'PIN by SMS', contact: 'mobile' });
    expect(items.find((item) => item.value === 'CLICK')?.services).toEqual(['express_acceptance']);
    expect(textOf(await getOk(english, 'configuration/getSignMethods?lang=es-es'), 'PIN_EMAIL')).toBe(
      'PIN por correo electrónico',
    );
    expect(textOf(await getOk(english, 'configuration/getSignMethods?lang=pt-pt'), 'PKI_CLOUD')).toBe(
      'Certificado eletrónico na nuvem',
    );
  });
});

describe('configuration/services', () => {
  it('lists every service kind with its code, in the order of the spec', async () => {
    const items = configurationApi.services.response.parse(await getOk(spanish, 'configuration/services'));
    expect(items.map((item) => item.service)).toEqual([...SERVICE_KINDS]);
    expect(items.map((item) => item.value)).toEqual(SERVICE_KINDS.map((kind) => SERVICE_CODE_BY_KIND[kind]));
    expect(items[0]).toEqual({ value: 'PT0001_NOTIFICATION', text: 'Notificación', service: 'notification' });
    expect(textOf(await getOk(spanish, 'configuration/services?lang=en-en'), 'PT0002_ACCEPTANCE')).toBe('Acceptance');
    expect(textOf(await getOk(spanish, 'configuration/services?lang=pt-pt'), 'PT0002_ACCEPTANCE')).toBe('Aceitação');
  });

  it('lists every service to a domain that has contracted only some (list filters need them all)', async () => {
    expect(await getOk(acmeAdmin, 'configuration/services')).toHaveLength(SERVICE_KINDS.length);
  });
});

describe('configuration/getServicesConfiguration', () => {
  it('turns every service on, with all its channels, for a domain without restrictions', async () => {
    const items = configurationApi.getServicesConfiguration.response.parse(
      await getOk(spanish, 'configuration/getServicesConfiguration'),
    );
    expect(items.map((item) => item.service)).toEqual([...SERVICE_KINDS]);
    expect(items.every((item) => item.enabled)).toBe(true);
    const byService = new Map(items.map((item) => [item.service, item]));
    expect(byService.get('notification')).toEqual({
      service: 'notification',
      code: 'PT0001_NOTIFICATION',
      text: 'Notificación',
      enabled: true,
      channels: ['postal', 'email', 'sms', 'whatsapp', 'onscreen'],
    });
    expect(byService.get('certified_email')?.channels).toEqual(['email']);
    expect(byService.get('certified_sms')?.channels).toEqual(['sms']);
    expect(byService.get('acceptance')?.channels).not.toContain('postal');
    expect(byService.get('video_identification_attended')?.channels).not.toContain('onscreen');
  });

  it("follows the domain's contract: services off, channels it lacks removed", async () => {
    const items = configurationApi.getServicesConfiguration.response.parse(
      await getOk(acmeAdmin, 'configuration/getServicesConfiguration?lang=en-en'),
    );
    const byService = new Map(items.map((item) => [item.service, item]));
    expect(byService.get('video_identification_attended')).toEqual({
      service: 'video_identification_attended',
      code: 'PT0010_VIDEO_IDENTIFICATION_ATTENDED',
      text: 'Attended video identification',
      enabled: false,
      channels: [],
    });
    expect(byService.get('notification')?.channels).toEqual(['email', 'sms', 'whatsapp', 'onscreen']);
    expect(byService.get('certified_email')).toMatchObject({ enabled: true, channels: ['email'] });
    const portugueseItems = await getOk(portuguese, 'configuration/getServicesConfiguration');
    expect(
      textOf(
        portugueseItems.map((item: { code: string; text: string }) => ({ value: item.code, text: item.text })),
        'PT0005_CUSTODY',
      ),
    ).toBe('Custódia');
    expect(items.filter((item) => item.enabled).map((item) => item.service)).toEqual([
      'notification',
      'acceptance',
      'express_acceptance',
      'communication',
      'custody',
      'certified_email',
      'certified_sms',
      'card_verification',
    ]);
  });
});

describe('configuration/noticeMethods', () => {
  it('lists the notice methods, values capitalised on each word, texts translated', async () => {
    const items = configurationApi.noticeMethods.response.parse(await getOk(spanish, 'configuration/noticeMethods'));
    expect(items).toEqual([
      { value: 'Email', text: 'Correo electrónico', channel: 'email' },
      { value: 'Sms', text: 'SMS', channel: 'sms' },
      { value: 'Whatsapp', text: 'WhatsApp', channel: 'whatsapp' },
      { value: 'Postal', text: 'Correo postal', channel: 'postal' },
      { value: 'On Screen', text: 'En pantalla', channel: 'onscreen' },
    ]);
    for (const item of items) {
      expect(item.value).toBe(
        item.value.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()),
      );
    }
    expect((await getOk(spanish, 'configuration/noticeMethods?lang=en-en')).map((item: TItem) => item.text)).toEqual([
      'E-mail',
      'SMS',
      'WhatsApp',
      'Post',
      'On screen',
    ]);
    expect(textOf(await getOk(spanish, 'configuration/noticeMethods?lang=pt-pt'), 'On Screen')).toBe('No ecrã');
  });

  it('leaves out the channels a domain has not contracted', async () => {
    expect(valuesOf(await getOk(acmeAdmin, 'configuration/noticeMethods'))).toEqual([
      'Email',
      'Sms',
      'Whatsapp',
      'On Screen',
    ]);
  });
});

describe('configuration/idCardLanguages', () => {
  it('lists the languages of the identification pages, named in the language asked', async () => {
    const items = configurationApi.idCardLanguages.response.parse(
      await getOk(spanish, 'configuration/idCardLanguages'),
    );
    expect(items).toEqual([
      { value: 'es-es', text: 'Español' },
      { value: 'en-en', text: 'Inglés' },
      { value: 'pt-pt', text: 'Portugués' },
    ]);
    expect((await getOk(spanish, 'configuration/idCardLanguages?lang=en-en')).map((item: TItem) => item.text)).toEqual([
      'Spanish',
      'English',
      'Portuguese',
    ]);
    expect((await getOk(portuguese, 'configuration/idCardLanguages')).map((item: TItem) => item.text)).toEqual([
      'Espanhol',
      'Inglês',
      'Português',
    ]);
  });
});

describe('OpenAPI document', () => {
  it('describes the configuration combos', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      'docIdTypeByCode',
      'certificatesByCompany',
      'authUsersBySelectedCompanies',
      'countriesPostal',
    ]) {
      expect(paths).toContain(`/rest/services/configuration/${path}`);
    }
  });
});
