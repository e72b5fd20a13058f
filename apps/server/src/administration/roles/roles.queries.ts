import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function selectRoles(db: Kysely<Database>) {
  return db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('id').execute();
}
