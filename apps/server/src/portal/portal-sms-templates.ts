import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { accessTemplateValues, type TAccessValues } from '../delivery/dispatch-templates.ts';
import { renderTemplate } from '../templates/template-render.ts';
import { selectChosenSmsTemplates } from './portal-templates.queries.ts';

const PIN_VARIABLE = /\{\{\s*pin\s*\}\}/;

/**
 * The text of a PIN or reminder SMS from the domain's chosen SMS templates (docs/decisions/templates.md): the PIN SMS
 * takes the first that holds `{{pin}}`, the reminder the first that does not. Null: none fits, Sello's own
 * words are sent. Rendered as the dispatch and the preview render templates, with `values` filled.
 */
export async function renderChosenSms(
  db: Kysely<Database> | Transaction<Database>,
  domainId: string,
  purpose: 'pin' | 'reminder',
  values: TAccessValues,
  publicUrl: string,
): Promise<string | null> {
  const templates = await selectChosenSmsTemplates(db, domainId);
  const template = templates.find((candidate) => PIN_VARIABLE.test(candidate.body) === (purpose === 'pin'));
  if (!template) return null;
  return renderTemplate(
    { contentType: 'SMS', subject: null, body: template.body },
    accessTemplateValues(values),
    publicUrl,
  ).body;
}
