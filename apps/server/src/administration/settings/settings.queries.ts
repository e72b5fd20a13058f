import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The stored values of the named platform preferences, locked until the change commits. */
export async function selectPreferencesForUpdate(trx: Transaction<Database>, names: readonly string[]) {
  if (names.length === 0) return [];
  return trx.selectFrom('preferences').select(['name', 'value']).where('name', 'in', names).forUpdate().execute();
}

export async function selectPreferenceValues(db: Db, names: readonly string[]) {
  if (names.length === 0) return [];
  return db.selectFrom('preferences').select(['name', 'value']).where('name', 'in', names).execute();
}

export async function upsertPreference(trx: Transaction<Database>, name: string, value: string | null) {
  await trx
    .insertInto('preferences')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

/** A live domain's id, when the caller's scope (null: every domain) reaches it. */
export async function selectLiveDomainId(db: Db, scope: string | null, domainId: string) {
  let query = db.selectFrom('domains').select('id').where('id', '=', domainId).where('deleted_at', 'is', null);
  if (scope !== null) query = query.where('id', '=', scope);
  return (await query.executeTakeFirst())?.id;
}

export async function selectDomainPreference(db: Db, domainId: string, name: string, lock = false) {
  const query = db
    .selectFrom('domain_preferences')
    .select('value')
    .where('domain_id', '=', domainId)
    .where('name', '=', name);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst())?.value ?? null;
}

export async function upsertDomainPreference(
  trx: Transaction<Database>,
  domainId: string,
  name: string,
  value: string,
) {
  await trx
    .insertInto('domain_preferences')
    .values({ domain_id: domainId, name, value })
    .onConflict((oc) => oc.columns(['domain_id', 'name']).doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

export async function deleteDomainPreference(trx: Transaction<Database>, domainId: string, name: string) {
  await trx.deleteFrom('domain_preferences').where('domain_id', '=', domainId).where('name', '=', name).execute();
}
