import type { DocumentCategory } from '../enums.ts';
import type { TLocalisedText } from './localised-text.ts';

/** Names of the document categories of spec §3. */
export const DOCUMENT_CATEGORY_NAMES: Readonly<Record<DocumentCategory, TLocalisedText>> = {
  UNSPECIFIED: { 'es-es': 'Sin especificar', 'en-en': 'Unspecified', 'pt-pt': 'Não especificado' },
  IMAGE: { 'es-es': 'Imagen', 'en-en': 'Image', 'pt-pt': 'Imagem' },
  DOCUMENT: { 'es-es': 'Documento', 'en-en': 'Document', 'pt-pt': 'Documento' },
  PAYROLL: { 'es-es': 'Nómina', 'en-en': 'Payslip', 'pt-pt': 'Recibo de vencimento' },
  INCOME: { 'es-es': 'Justificante de ingresos', 'en-en': 'Proof of income', 'pt-pt': 'Comprovativo de rendimentos' },
  UNCATEGORIZED: { 'es-es': 'Sin categoría', 'en-en': 'Uncategorised', 'pt-pt': 'Sem categoria' },
};

/** The category a shipping document gets when the sender chooses none. */
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'UNSPECIFIED';
