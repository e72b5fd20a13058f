import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.ts';
import type { TemplateContentType } from './enums.ts';

const ZTemplateRef = z.number().int().positive().nullable().optional();

/** One default template per language; a language absent (or null) has none. */
export const ZLanguageTemplateIds = z.object({ 'es-es': ZTemplateRef, 'en-en': ZTemplateRef, 'pt-pt': ZTemplateRef });
export type TLanguageTemplateIds = z.infer<typeof ZLanguageTemplateIds>;

/**
 * A shipping type's default templates: per content type (HTML for e-mail and on-screen, SMS for SMS and
 * WhatsApp), one per language, each a template written in that language (docs/decisions/templates.md).
 */
export const ZDefaultTemplates = z.object({
  HTML: ZLanguageTemplateIds.default({}),
  SMS: ZLanguageTemplateIds.default({}),
});
export type TDefaultTemplates = z.infer<typeof ZDefaultTemplates>;

export const NO_DEFAULT_TEMPLATES: TDefaultTemplates = { HTML: {}, SMS: {} };

/** The default template of a content type in one language, or null: never the default of another language. */
export function pickDefaultTemplate(
  defaults: TDefaultTemplates | undefined,
  contentType: TemplateContentType,
  language: Language | null,
): number | null {
  if (!defaults || language === null) return null;
  return defaults[contentType]?.[language] ?? null;
}

const asLanguage = (value: string | null | undefined): Language | null =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;

/**
 * The one language a shipping's receivers are written to (each receiver's own, else the sender's), or null
 * when they differ: a default template then suits no one shipping-wide, and each receiver gets Sello's own
 * texts in their language.
 */
export function findReceiversLanguage(
  receivers: readonly { language?: string | null | undefined }[],
  senderLanguage: string | null | undefined,
): Language | null {
  const sender = asLanguage(senderLanguage) ?? DEFAULT_LANGUAGE;
  const languages = new Set(receivers.map((receiver) => asLanguage(receiver.language) ?? sender));
  if (languages.size === 0) return sender;
  return languages.size === 1 ? [...languages][0]! : null;
}

/** A type's default templates in the contract's shape, from its stored rows (other types' rows are skipped). */
export function collectDefaultTemplates(
  rows: readonly { typeId: string; contentType: string; language: string; templateId: string }[],
  typeId: string,
): TDefaultTemplates {
  const defaults: TDefaultTemplates = { HTML: {}, SMS: {} };
  for (const row of rows) {
    if (row.typeId !== typeId || (row.contentType !== 'HTML' && row.contentType !== 'SMS')) continue;
    const language = asLanguage(row.language);
    if (language) defaults[row.contentType][language] = Number(row.templateId);
  }
  return defaults;
}
