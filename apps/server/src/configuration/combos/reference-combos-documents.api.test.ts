import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { describe, expect, it } from 'vitest';
import {
  acmeAdmin,
  acmeId,
  companyAdmin,
  demoId,
  english,
  getOk,
  portuguese,
  setUpReferenceCombosTestApp,
  spanish,
  superAdmin,
  type TItem,
  textOf,
  valuesOf,
} from './reference-combos.test-setup.ts';

setUpReferenceCombosTestApp();

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
