import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Closes the authorisation window of the demo's expiring shippings at `at`: the shipping's deadline and that of its
 * open authorisations, so the expiry the seed then runs happens after the deadline it shows.
 */
export async function closeAuthorisationWindows(db: Kysely<Database>, shippingIds: number[], at: Date) {
  const ids = shippingIds.map(String);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('shippings').set({ auth_deadline_at: at.toISOString() }).where('id', 'in', ids).execute();
    await trx
      .updateTable('shipping_authorisations')
      .set({ deadline_at: at.toISOString() })
      .where('shipping_id', 'in', ids)
      .where('decision', '=', 'pending')
      .execute();
  });
}
