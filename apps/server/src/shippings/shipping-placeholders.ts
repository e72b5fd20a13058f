import { TEMPLATE_VARIABLES } from '@sello/contracts/template-variables';

// The `{{name}}` placeholders a shipping's own values fill at creation, and the ones nobody would fill.
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `{{name}}` placeholders of a text, filled from the custom fields and the company name (escaped into HTML). */
export function fillTemplate(body: string, values: Record<string, string>, html = false): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : html ? escapeHtml(value) : value;
  });
}

/**
 * The first `{{name}}` left in a text that no one will fill, as written: no receiver may read one. The
 * template variables (template-variables.ts) are filled for each receiver when the message is composed,
 * except those in `refused` (the sender's message cannot hold itself).
 */
export function firstPlaceholder(text: string | null | undefined, refused: readonly string[] = []): string | undefined {
  const known = new Set<string>(TEMPLATE_VARIABLES.filter((name) => !refused.includes(name)));
  for (const match of text?.matchAll(PLACEHOLDER) ?? []) if (!known.has(match[1]!)) return match[0];
  return undefined;
}

/** Two texts that differ only in spacing: a message that is the template's own text. */
export const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
