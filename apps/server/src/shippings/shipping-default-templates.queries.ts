import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/**
 * The default templates of the types, each live and still of the content type and language it is the default
 * for (a template changed since then is no default).
 */
export function selectTypeDefaultTemplates(db: Db, typeIds: readonly string[]) {
  if (typeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shipping_type_default_templates as d')
    .innerJoin('templates as tpl', 'tpl.id', 'd.template_id')
    .select(['d.type_id as typeId', 'd.content_type as contentType', 'd.language', 'd.template_id as templateId'])
    .where('d.type_id', 'in', typeIds)
    .where('tpl.deleted_at', 'is', null)
    .whereRef('tpl.language', '=', 'd.language')
    .whereRef('tpl.content_type', '=', 'd.content_type')
    .execute();
}

/** One type's default template of a content type in one language, live and active; undefined when it has none. */
export async function selectDefaultTemplateId(db: Db, typeId: string, contentType: string, language: string) {
  const row = await db
    .selectFrom('shipping_type_default_templates as d')
    .innerJoin('templates as tpl', 'tpl.id', 'd.template_id')
    .select('d.template_id as templateId')
    .where('d.type_id', '=', typeId)
    .where('d.content_type', '=', contentType)
    .where('d.language', '=', language)
    .where('tpl.language', '=', language)
    .where('tpl.content_type', '=', contentType)
    .where('tpl.deleted_at', 'is', null)
    .where('tpl.active', '=', true)
    .executeTakeFirst();
  return row?.templateId;
}
