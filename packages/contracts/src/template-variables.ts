/**
 * The variables a template may hold, written `{{name}}`. Each is filled when a message is composed for
 * one receiver (and with sample values by the preview). Anything else between double braces is refused.
 */
export const TEMPLATE_VARIABLES = [
  'receiverName',
  'company',
  'subject',
  'reference',
  'accessLink',
  'deadline',
  'provider',
  'message',
  /** Filled only in the PIN message (the domain's chosen SMS template with it); empty elsewhere. */
  'pin',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TTemplateValues = Record<TemplateVariable, string>;

/** `{{ name }}` with optional spaces; the name is any run of non-brace characters, so `{{a b}}` is caught too. */
export const TEMPLATE_VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Names between double braces that are not template variables, each once. */
export function findUnknownTemplateVariables(text: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  const unknown = new Set<string>();
  for (const match of text.matchAll(TEMPLATE_VARIABLE_PATTERN)) if (!known.has(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/** The text with every `{{variable}}` removed: what the SMS character rule applies to. */
export function stripTemplateVariables(text: string): string {
  return text.replace(TEMPLATE_VARIABLE_PATTERN, '');
}

/** Values the preview uses when none are given (the console shows them in the receiver's place). */
export const SAMPLE_TEMPLATE_VALUES: TTemplateValues = {
  receiverName: 'Lucía Fernández',
  company: 'Acme Servicios S.L.',
  subject: 'Contrato 2026',
  reference: 'REF-0001',
  accessLink: 'https://sello.example/portal/#/r/SAMPLE',
  deadline: '31/12/2026',
  provider: 'Sello',
  message: 'Texto del envío',
  pin: '123456',
};
