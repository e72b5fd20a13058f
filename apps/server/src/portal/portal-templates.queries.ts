import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The SMS templates a domain chose on its TEMPLATES tab (kind ADVANCED_COMMUNICATION), live and active, in the
 * chosen order: the PIN and reminder SMS are written from them.
 */
export function selectChosenSmsTemplates(db: Kysely<Database> | Transaction<Database>, domainId: string) {
  return db
    .selectFrom('domain_adv_templates as link')
    .innerJoin('templates as t', 't.id', 'link.template_id')
    .select(['t.id', 't.body'])
    .where('link.domain_id', '=', domainId)
    .where('t.kind', '=', 'ADVANCED_COMMUNICATION')
    .where('t.content_type', '=', 'SMS')
    .where('t.deleted_at', 'is', null)
    .where('t.active', '=', true)
    .orderBy('link.position')
    .execute();
}
