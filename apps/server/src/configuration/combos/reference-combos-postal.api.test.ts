import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { describe, expect, it } from 'vitest';
import {
  english,
  getOk,
  portuguese,
  setUpReferenceCombosTestApp,
  spanish,
  type TItem,
  textOf,
  valuesOf,
} from './reference-combos.test-setup.ts';

setUpReferenceCombosTestApp();

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
