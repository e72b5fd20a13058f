import type { Language } from '../constants.ts';
import type { CountryCode } from './countries.ts';
import type { TLocalisedText } from './localised-text.ts';

/**
 * Street types of Spanish and Portuguese postal addresses. `term` is the word written on the
 * envelope, in the address country's language; `meaning` says what it is in each console language.
 * Codes are the term in upper-case ASCII, so a stored address reads well.
 */
export type TStreetType = {
  code: string;
  term: string;
  countries: readonly CountryCode[];
  meaning: TLocalisedText;
};

const ES: readonly CountryCode[] = ['ES'];
const PT: readonly CountryCode[] = ['PT'];
const BOTH: readonly CountryCode[] = ['ES', 'PT'];

function type(code: string, term: string, countries: readonly CountryCode[], es: string, en: string, pt: string) {
  return { code, term, countries, meaning: { 'es-es': es, 'en-en': en, 'pt-pt': pt } } satisfies TStreetType;
}

export const STREET_TYPES: readonly TStreetType[] = [
  type('CALLE', 'Calle', ES, 'Calle', 'Street', 'Rua'),
  type('AVENIDA', 'Avenida', BOTH, 'Avenida', 'Avenue', 'Avenida'),
  type('PLAZA', 'Plaza', ES, 'Plaza', 'Square', 'Praça'),
  type('PASEO', 'Paseo', ES, 'Paseo', 'Promenade', 'Passeio'),
  type('CARRETERA', 'Carretera', ES, 'Carretera', 'Road', 'Estrada'),
  type('CAMINO', 'Camino', ES, 'Camino', 'Lane', 'Caminho'),
  type('RONDA', 'Ronda', ES, 'Ronda', 'Ring road', 'Circular'),
  type('TRAVESIA', 'Travesía', ES, 'Travesía', 'Side street', 'Travessa'),
  type('GLORIETA', 'Glorieta', ES, 'Glorieta', 'Roundabout', 'Rotunda'),
  type('URBANIZACION', 'Urbanización', ES, 'Urbanización', 'Housing estate', 'Urbanização'),
  type('POLIGONO', 'Polígono', ES, 'Polígono industrial', 'Industrial estate', 'Zona industrial'),
  type('BARRIO', 'Barrio', ES, 'Barrio', 'District', 'Bairro'),
  type('PASAJE', 'Pasaje', ES, 'Pasaje', 'Passage', 'Passagem'),
  type('RAMBLA', 'Rambla', ES, 'Rambla', 'Boulevard', 'Bulevar'),
  type('CALLEJON', 'Callejón', ES, 'Callejón', 'Alley', 'Beco'),
  type('CUESTA', 'Cuesta', ES, 'Cuesta', 'Hill', 'Ladeira'),
  type('VIA', 'Vía', ES, 'Vía', 'Way', 'Via'),
  type('ALAMEDA', 'Alameda', BOTH, 'Alameda', 'Tree-lined avenue', 'Alameda'),
  type('PARQUE', 'Parque', BOTH, 'Parque', 'Park', 'Parque'),
  type('LUGAR', 'Lugar', BOTH, 'Lugar', 'Hamlet', 'Lugar'),
  type('RUA', 'Rua', PT, 'Calle', 'Street', 'Rua'),
  type('PRACA', 'Praça', PT, 'Plaza', 'Square', 'Praça'),
  type('LARGO', 'Largo', PT, 'Plazuela', 'Small square', 'Largo'),
  type('TRAVESSA', 'Travessa', PT, 'Travesía', 'Side street', 'Travessa'),
  type('ESTRADA', 'Estrada', PT, 'Carretera', 'Road', 'Estrada'),
  type('CAMINHO', 'Caminho', PT, 'Camino', 'Lane', 'Caminho'),
  type('BECO', 'Beco', PT, 'Callejón', 'Alley', 'Beco'),
  type('CALCADA', 'Calçada', PT, 'Calzada', 'Cobbled street', 'Calçada'),
  type('ROTUNDA', 'Rotunda', PT, 'Glorieta', 'Roundabout', 'Rotunda'),
  type('BAIRRO', 'Bairro', PT, 'Barrio', 'District', 'Bairro'),
  type('URBANIZACAO', 'Urbanização', PT, 'Urbanización', 'Housing estate', 'Urbanização'),
  type('QUINTA', 'Quinta', PT, 'Finca', 'Estate', 'Quinta'),
];

/** The country whose addresses each console language writes natively (none for English). */
const ADDRESS_COUNTRY_BY_LANGUAGE: Readonly<Record<Language, CountryCode | null>> = {
  'es-es': 'ES',
  'en-en': null,
  'pt-pt': 'PT',
};

/**
 * How a street type reads in a console language: the term alone where the language writes it
 * (`Calle` in Spanish, `Rua` in Portuguese), otherwise the term with its meaning (`Rua (Calle)`,
 * `Calle (Street)`), so a sender can address a letter abroad correctly and still understand it.
 */
export function streetTypeText(streetType: TStreetType, language: Language): string {
  const meaning = streetType.meaning[language];
  const country = ADDRESS_COUNTRY_BY_LANGUAGE[language];
  const native = country !== null && streetType.countries.includes(country);
  return native || meaning === streetType.term ? streetType.term : `${streetType.term} (${meaning})`;
}

/** Kinds of street number: a number, a kilometre point of a road, no number, or a plot. */
export type TStreetNumberType = { code: string; texts: TLocalisedText; numberRequired: boolean };

export const STREET_NUMBER_TYPES: readonly TStreetNumberType[] = [
  { code: 'NUM', texts: { 'es-es': 'Número', 'en-en': 'Number', 'pt-pt': 'Número' }, numberRequired: true },
  { code: 'KM', texts: { 'es-es': 'Kilómetro', 'en-en': 'Kilometre', 'pt-pt': 'Quilómetro' }, numberRequired: true },
  {
    code: 'SN',
    texts: { 'es-es': 'Sin número', 'en-en': 'Without number', 'pt-pt': 'Sem número' },
    numberRequired: false,
  },
  { code: 'LOTE', texts: { 'es-es': 'Parcela', 'en-en': 'Plot', 'pt-pt': 'Lote' }, numberRequired: true },
];

export const STREET_TYPE_CODES: readonly string[] = STREET_TYPES.map((streetType) => streetType.code);
export const STREET_NUMBER_TYPE_CODES: readonly string[] = STREET_NUMBER_TYPES.map((numberType) => numberType.code);
