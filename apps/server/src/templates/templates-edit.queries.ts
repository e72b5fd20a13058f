import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TDomainFilter } from '../platform/admin-access.ts';

type Db = Kysely<Database>;

/** A live template with its content and its edit lock (the holder's name while the lock lasts). */
export function selectTemplateForEdit(db: Db, domain: TDomainFilter, id: string) {
  return db
    .selectFrom('templates as t')
    .leftJoin('companies as c', 'c.id', 't.company_id')
    .leftJoin('users as holder', (join) =>
      join.onRef('holder.id', '=', 't.locked_by').on('t.locked_until', '>', sql<Date>`now()`),
    )
    .select([
      't.id',
      't.domain_id as domainId',
      't.company_id as companyId',
      'c.name as companyName',
      't.name',
      't.content_type as contentType',
      't.kind',
      't.language',
      't.subject',
      't.body',
      't.active',
      't.updated_at as updatedAt',
      'holder.id as lockedById',
      'holder.name as lockedBy',
      sql<Date | null>`CASE WHEN holder.id IS NULL THEN NULL ELSE t.locked_until END`.as('lockedUntil'),
    ])
    .where('t.id', '=', id)
    .where('t.deleted_at', 'is', null)
    .$if(domain !== null, (query) => query.where('t.domain_id', '=', domain!))
    .executeTakeFirst();
}

export type TTemplateEditRow = NonNullable<Awaited<ReturnType<typeof selectTemplateForEdit>>>;

/** Whether a live template of the same owner (the company, or the domain itself for null) has the name. */
export async function existsOwnerTemplateName(
  db: Db,
  owner: { domainId: string; companyId: string | null },
  name: string,
  exceptId?: string,
) {
  const row = await db
    .selectFrom('templates')
    .select('id')
    .where('domain_id', '=', owner.domainId)
    .where((eb) => (owner.companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', owner.companyId)))
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export type TTemplateValuesRow = {
  domainId: string;
  companyId: string | null;
  name: string;
  contentType: string;
  kind: string;
  language: string;
  subject: string | null;
  body: string;
  active: boolean;
};

export async function insertTemplate(db: Db, values: TTemplateValuesRow, lockedBy: string, lockedUntil: Date) {
  const row = await db
    .insertInto('templates')
    .values({
      domain_id: values.domainId,
      company_id: values.companyId,
      name: values.name,
      content_type: values.contentType,
      kind: values.kind,
      language: values.language,
      subject: values.subject,
      body: values.body,
      active: values.active,
      locked_by: lockedBy,
      locked_until: lockedUntil,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves a template unless another user holds a live lock on it (checked in the same statement, so a
 * lock taken meanwhile wins). Answers whether it was saved.
 */
export async function updateTemplateUnlessLocked(
  db: Db,
  id: string,
  values: TTemplateValuesRow,
  userId: string,
  lockedUntil: Date,
) {
  const result = await db
    .updateTable('templates')
    .set({
      company_id: values.companyId,
      name: values.name,
      content_type: values.contentType,
      kind: values.kind,
      language: values.language,
      subject: values.subject,
      body: values.body,
      active: values.active,
      locked_by: userId,
      locked_until: lockedUntil,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('locked_by', 'is', null), eb('locked_by', '=', userId), eb('locked_until', '<=', sql<Date>`now()`)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes (or renews) the edit lock for the user unless another user holds a live one. */
export async function lockTemplate(db: Db, id: string, userId: string, lockedUntil: Date) {
  const result = await db
    .updateTable('templates')
    .set({ locked_by: userId, locked_until: lockedUntil })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('locked_by', 'is', null), eb('locked_by', '=', userId), eb('locked_until', '<=', sql<Date>`now()`)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function unlockTemplate(db: Db, id: string) {
  await db.updateTable('templates').set({ locked_by: null, locked_until: null }).where('id', '=', id).execute();
}

export async function insertTemplateImage(
  db: Db,
  image: {
    publicKey: string;
    domainId: string;
    blobKey: string;
    mimeType: string;
    sizeBytes: number;
    name: string;
    userId: string;
  },
) {
  await db
    .insertInto('template_images')
    .values({
      public_key: image.publicKey,
      domain_id: image.domainId,
      blob_key: image.blobKey,
      mime_type: image.mimeType,
      size_bytes: image.sizeBytes,
      name: image.name,
      created_by: image.userId,
    })
    .execute();
}

export function selectTemplateImage(db: Db, publicKey: string) {
  return db
    .selectFrom('template_images')
    .select(['blob_key as blobKey', 'mime_type as mimeType', 'size_bytes as sizeBytes'])
    .where('public_key', '=', publicKey)
    .executeTakeFirst();
}

/**
 * A template whose language or content type changed is no longer a type's default where it was one for the
 * other language or content type: those types have no default there until an administrator picks one.
 */
export async function deleteMismatchedDefaults(db: Db, templateId: string, contentType: string, language: string) {
  await db
    .deleteFrom('shipping_type_default_templates')
    .where('template_id', '=', templateId)
    .where((eb) => eb.or([eb('content_type', '<>', contentType), eb('language', '<>', language)]))
    .execute();
}
