import type { TCertificateStatus } from '@sello/contracts/catalogue/administration-common';
import { DEFAULT_LANGUAGE, type Language } from '@sello/contracts/constants';

type TTranslations = Record<Language, string>;

const COLUMN_LABELS = {
  name: { 'es-es': 'Nombre', 'en-en': 'Name', 'pt-pt': 'Nome' },
  alias: { 'es-es': 'Alias', 'en-en': 'Alias', 'pt-pt': 'Alias' },
  entityId: { 'es-es': 'ID de entidad', 'en-en': 'Entity ID', 'pt-pt': 'ID da entidade' },
  commonName: { 'es-es': 'Nombre común (CN)', 'en-en': 'Common name (CN)', 'pt-pt': 'Nome comum (CN)' },
  subject: { 'es-es': 'Sujeto', 'en-en': 'Subject', 'pt-pt': 'Titular' },
  issuer: { 'es-es': 'Emisor', 'en-en': 'Issuer', 'pt-pt': 'Emissor' },
  serialNumber: { 'es-es': 'Número de serie', 'en-en': 'Serial number', 'pt-pt': 'Número de série' },
  validFrom: { 'es-es': 'Válido desde', 'en-en': 'Valid from', 'pt-pt': 'Válido desde' },
  validTo: { 'es-es': 'Válido hasta', 'en-en': 'Valid to', 'pt-pt': 'Válido até' },
  status: { 'es-es': 'Estado', 'en-en': 'Status', 'pt-pt': 'Estado' },
  keyUsage: { 'es-es': 'Uso de la clave', 'en-en': 'Key usage', 'pt-pt': 'Utilização da chave' },
  extendedKeyUsage: {
    'es-es': 'Uso extendido de la clave',
    'en-en': 'Extended key usage',
    'pt-pt': 'Utilização alargada da chave',
  },
  keyAlgorithm: { 'es-es': 'Algoritmo de la clave', 'en-en': 'Key algorithm', 'pt-pt': 'Algoritmo da chave' },
  fingerprintSha256: {
    'es-es': 'Huella SHA-256',
    'en-en': 'SHA-256 fingerprint',
    'pt-pt': 'Impressão digital SHA-256',
  },
  active: { 'es-es': 'Activo', 'en-en': 'Active', 'pt-pt': 'Ativo' },
  createdAt: { 'es-es': 'Creado', 'en-en': 'Created', 'pt-pt': 'Criado' },
  deletedAt: { 'es-es': 'Borrado', 'en-en': 'Deleted', 'pt-pt': 'Eliminado' },
  deletedBy: { 'es-es': 'Borrado por', 'en-en': 'Deleted by', 'pt-pt': 'Eliminado por' },
  certificates: { 'es-es': 'Certificados', 'en-en': 'Certificates', 'pt-pt': 'Certificados' },
  samlCertificates: { 'es-es': 'Certificados SAML', 'en-en': 'SAML certificates', 'pt-pt': 'Certificados SAML' },
  yes: { 'es-es': 'Sí', 'en-en': 'Yes', 'pt-pt': 'Sim' },
  no: { 'es-es': 'No', 'en-en': 'No', 'pt-pt': 'Não' },
} satisfies Record<string, TTranslations>;

const STATUS_LABELS: Record<TCertificateStatus, TTranslations> = {
  valid: { 'es-es': 'Válido', 'en-en': 'Valid', 'pt-pt': 'Válido' },
  expiringSoon: { 'es-es': 'Caduca pronto', 'en-en': 'Expiring soon', 'pt-pt': 'Expira em breve' },
  expired: { 'es-es': 'Caducado', 'en-en': 'Expired', 'pt-pt': 'Expirado' },
};

export type TExportLabel = keyof typeof COLUMN_LABELS;

/** Texts of the certificate exports, in the language the console asked for (Spanish by default). */
export function exportLabels(language: Language | undefined) {
  const lang = language ?? DEFAULT_LANGUAGE;
  return {
    label: (key: TExportLabel) => COLUMN_LABELS[key][lang],
    status: (status: TCertificateStatus) => STATUS_LABELS[status][lang],
    yesNo: (value: boolean) => COLUMN_LABELS[value ? 'yes' : 'no'][lang],
  };
}
