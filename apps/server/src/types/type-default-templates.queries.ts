import type { TDefaultTemplates } from '@sello/contracts/default-templates';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

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

/** The templates a type's editor names as defaults, as checking them needs. */
export function selectDefaultCandidates(db: Db, templateIds: readonly string[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('templates')
    .select([
      'id',
      'domain_id as domainId',
      'company_id as companyId',
      'content_type as contentType',
      'language',
      'kind',
    ])
    .where('id', 'in', templateIds)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Stores a type's default templates in place of the ones it had. */
export async function replaceTypeDefaultTemplates(trx: Trx, typeId: string, defaults: TDefaultTemplates) {
  await trx.deleteFrom('shipping_type_default_templates').where('type_id', '=', typeId).execute();
  const rows = (['HTML', 'SMS'] as const).flatMap((contentType) =>
    Object.entries(defaults[contentType]).flatMap(([language, templateId]) =>
      templateId ? [{ type_id: typeId, content_type: contentType, language, template_id: String(templateId) }] : [],
    ),
  );
  if (rows.length > 0) await trx.insertInto('shipping_type_default_templates').values(rows).execute();
}
