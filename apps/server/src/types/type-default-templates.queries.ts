import type { TDefaultTemplates } from '@sello/contracts/default-templates';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

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
