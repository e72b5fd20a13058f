import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/test-app.ts';
import { getOk, setUpReferenceCombosTestApp, spanish, t } from './reference-combos.test-setup.ts';

setUpReferenceCombosTestApp();

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
