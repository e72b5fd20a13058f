import { IMPORT_FIELDS, type ImportField } from '@sello/contracts/catalogue/imports';
import type { TSendRequestInput } from '@sello/contracts/catalogue/shippings-create';
import type { TImportDocument, TImportSettings } from '../db/import-schema.ts';

/** Headers compared without case, accents, spaces, dots, underscores or dashes. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s._-]/g, '');
}

/** Each field's names in Spanish, English and Portuguese (normalised). */
const FIELD_NAMES: Record<ImportField, string[]> = {
  reference: ['referencia', 'reference', 'ref'],
  subject: ['asunto', 'subject', 'assunto'],
  message: ['mensaje', 'message', 'mensagem', 'texto', 'text'],
  name: ['nombre', 'name', 'nome', 'destinatario', 'receiver', 'recipient'],
  receiverType: ['tipodestinatario', 'receivertype', 'tipodedestinatario'],
  documentType: ['tipodocumento', 'tipodedocumento', 'documenttype', 'doctype'],
  documentNumber: ['documento', 'numerodocumento', 'numerodedocumento', 'documentnumber', 'nif', 'dni'],
  email: ['email', 'correo', 'correoelectronico', 'mail', 'emailaddress'],
  cc: ['cc', 'copia', 'copy'],
  mobile: ['movil', 'telefonomovil', 'mobile', 'phone', 'telemovel', 'telefone', 'telefono'],
  language: ['idioma', 'language', 'lingua'],
  streetType: ['tipovia', 'streettype', 'tipodevia', 'tipoderua'],
  street: ['calle', 'direccion', 'via', 'street', 'address', 'rua', 'morada'],
  streetNumber: ['numero', 'streetnumber', 'number', 'num', 'nº'],
  addressExtra: ['piso', 'pisopuerta', 'addressextra', 'floor', 'andar'],
  postalCode: ['codigopostal', 'cp', 'postalcode', 'postcode', 'zip'],
  city: ['ciudad', 'poblacion', 'localidad', 'municipio', 'city', 'town', 'cidade', 'localidade'],
  province: ['provincia', 'province', 'state', 'distrito', 'region'],
  country: ['pais', 'country'],
  custodyDays: ['diascustodia', 'diasdecustodia', 'custodydays'],
  files: [
    'ficheros',
    'fichero',
    'archivos',
    'archivo',
    'documentos',
    'files',
    'file',
    'ficheiros',
    'ficheiro',
    'anexos',
    'attachments',
  ],
};

const FIELD_BY_NAME = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [field.toLowerCase(), ...FIELD_NAMES[field]].map((name) => [name, field] as const)),
);

const isImportField = (value: string): value is ImportField => (IMPORT_FIELDS as readonly string[]).includes(value);

/**
 * The field each header fills: a hand-made mapping first (header → field, or '' to ignore the column),
 * then the header's name in any of the three languages. Unknown headers are left out.
 */
export function mapColumns(headers: readonly string[], manual: Readonly<Record<string, string>> = {}) {
  const manualByHeader = new Map(Object.entries(manual).map(([header, field]) => [normaliseHeader(header), field]));
  const mapping: Record<string, ImportField> = {};
  for (const header of headers) {
    const key = normaliseHeader(header);
    if (key === '') continue;
    const chosen = manualByHeader.get(key);
    const field = chosen !== undefined ? (isImportField(chosen) ? chosen : undefined) : FIELD_BY_NAME.get(key);
    if (field && !Object.values(mapping).includes(field)) mapping[key] = field;
  }
  return mapping;
}

/** A whole number as spreadsheets in Spain and Portugal write it ("30", "30,0", "1.000"). */
export function parseLocaleInteger(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return undefined;
  const normalised = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(compact)
    ? compact.replaceAll('.', '').replace(',', '.')
    : compact.replace(',', '.');
  const value = Number(normalised);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** dd/mm/yyyy or dd-mm-yyyy (Spain, Portugal) or yyyy-mm-dd → yyyy-mm-dd; anything else unchanged. */
export function normaliseLocaleDate(text: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return text;
  const [, day, month, year] = match;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** Each field's column under a settings object, worked out once per import (rows ask for it 100,000 times). */
const COLUMN_OF_FIELD = new WeakMap<TImportSettings, Map<ImportField, string>>();

function columnsOfFields(settings: TImportSettings): Map<ImportField, string> {
  let columns = COLUMN_OF_FIELD.get(settings);
  if (!columns) {
    columns = new Map();
    for (const [column, field] of Object.entries(settings.mapping)) {
      if (!columns.has(field as ImportField)) columns.set(field as ImportField, column);
    }
    COLUMN_OF_FIELD.set(settings, columns);
  }
  return columns;
}

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** The documents of one row: the shared ones, then the ZIP's files its `files` column names (null: one is missing). */
export function rowDocuments(
  cells: Readonly<Record<string, string>>,
  settings: TImportSettings,
): TImportDocument[] | null {
  const column = columnsOfFields(settings).get('files');
  if (column === undefined || !cells[column]) return settings.documents;
  const names = cells[column]
    .split(/[,;|]/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const own = names.map((name) => settings.rowDocuments?.[name]);
  if (own.some((document) => document === undefined)) return null;
  return [...settings.documents, ...(own as TImportDocument[])];
}

/**
 * The `sendrequest` body one row stands for; what the rules think of it is for the create service to say.
 * Shared documents are described, not carried: their bytes were checked once at upload.
 */
export function rowToRequest(
  cells: Readonly<Record<string, string>>,
  settings: TImportSettings,
  companyId: number,
  templateSubject: string | null,
): TSendRequestInput {
  const columns = columnsOfFields(settings);
  const value = (field: ImportField) => {
    const column = columns.get(field);
    return column === undefined ? undefined : optional(cells[column]);
  };
  const postal =
    value('street') || value('postalCode') || value('city')
      ? {
          streetType: value('streetType'),
          street: value('street') ?? '',
          streetNumber: value('streetNumber'),
          addressExtra: value('addressExtra'),
          postalCode: value('postalCode') ?? '',
          city: value('city') ?? '',
          province: value('province'),
          country: value('country') ?? 'ES',
        }
      : undefined;
  const receiverType = value('receiverType');
  const custodyDays = value('custodyDays');
  const customFields: Record<string, string> = {};
  for (const variable of settings.variables ?? []) {
    const cell = optional(cells[normaliseHeader(variable)]);
    if (cell !== undefined) customFields[variable] = normaliseLocaleDate(cell);
  }
  const language = value('language');
  return {
    companyId,
    typeId: settings.typeId,
    channel: settings.channel as TSendRequestInput['channel'],
    ...(settings.templateId !== undefined && { templateId: settings.templateId }),
    reference: value('reference'),
    subject: value('subject') ?? templateSubject ?? '',
    message: value('message'),
    receivers: [
      {
        receiverType: receiverType === '2' ? 2 : receiverType === '1' || receiverType === undefined ? 1 : (0 as 1),
        name: value('name') ?? '',
        documentType: value('documentType')?.toUpperCase() as 'DNI' | undefined,
        documentNumber: value('documentNumber'),
        email: value('email'),
        cc: value('cc'),
        mobile: value('mobile'),
        language: language?.toLowerCase() as TSendRequestInput['receivers'][number]['language'],
        postal,
      },
    ],
    documents: (rowDocuments(cells, settings) ?? settings.documents).map((document) => ({
      name: document.name,
      category: document.category as 'UNSPECIFIED',
      content: `data:${document.mime};base64,`,
    })),
    ...(custodyDays !== undefined && { custodyDays: parseLocaleInteger(custodyDays) }),
    ...(Object.keys(customFields).length > 0 && { customFields }),
  };
}
