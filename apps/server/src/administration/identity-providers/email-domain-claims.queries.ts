import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type TDb = Kysely<Database> | Transaction<Database>;

const UNVERIFIED = {
  state: 'unverified',
  verified_at: null,
  verified_how: null,
  verified_by: null,
  verified_mailbox: null,
} as const;

/** The claims of a provider become exactly `domains`: removed ones go (with their verification), new ones are unverified. */
export async function replaceProviderClaims(
  trx: Transaction<Database>,
  providerId: string | number,
  domains: string[],
) {
  let removal = trx.deleteFrom('identity_provider_email_domains').where('provider_id', '=', String(providerId));
  if (domains.length > 0) removal = removal.where('email_domain', 'not in', domains);
  await removal.execute();
  if (domains.length === 0) return;
  await trx
    .insertInto('identity_provider_email_domains')
    .values(domains.map((email_domain) => ({ provider_id: String(providerId), email_domain })))
    .onConflict((conflict) => conflict.columns(['provider_id', 'email_domain']).doNothing())
    .execute();
}

/** A deleted provider gives up its verifications, so they block nobody; recovered, its claims are unverified. */
export async function unverifyProviderClaims(trx: Transaction<Database>, providerId: string | number) {
  await trx
    .updateTable('identity_provider_email_domains')
    .set(UNVERIFIED)
    .where('provider_id', '=', String(providerId))
    .where('state', '=', 'verified')
    .execute();
}

/** A claim with its provider's domain and liveness (any state of either; the caller decides). */
export function selectClaim(db: TDb, claimId: number | string) {
  return db
    .selectFrom('identity_provider_email_domains as c')
    .innerJoin('identity_providers as p', 'p.id', 'c.provider_id')
    .innerJoin('domains as d', 'd.id', 'p.domain_id')
    .select([
      'c.id',
      'c.provider_id',
      'c.email_domain',
      'c.state',
      'p.domain_id',
      'p.name as provider_name',
      'd.name as domain_name',
      sql<boolean>`p.deleted_at IS NULL`.as('provider_live'),
    ])
    .where('c.id', '=', String(claimId))
    .executeTakeFirst();
}

/** Serialises verifications of one e-mail domain (the unique index is the last word; this gives the clear key). */
export async function lockEmailDomain(trx: Transaction<Database>, emailDomain: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`identity_provider_email_domains:${emailDomain}`}))`.execute(trx);
}

/** Whether another claim of the e-mail domain is verified. */
export async function isVerifiedElsewhere(db: TDb, emailDomain: string, claimId: string) {
  const row = await db
    .selectFrom('identity_provider_email_domains')
    .select('id')
    .where('email_domain', '=', emailDomain)
    .where('state', '=', 'verified')
    .where('id', '<>', claimId)
    .executeTakeFirst();
  return row !== undefined;
}

export type TVerification = { how: 'superAdmin'; by: string } | { how: 'mail'; mailbox: string };

export async function markClaimVerified(trx: Transaction<Database>, claimId: string, verification: TVerification) {
  await trx
    .updateTable('identity_provider_email_domains')
    .set({
      state: 'verified',
      verified_at: sql<Date>`now()`,
      verified_how: verification.how,
      verified_by: verification.how === 'superAdmin' ? verification.by : null,
      verified_mailbox: verification.how === 'mail' ? verification.mailbox : null,
    })
    .where('id', '=', claimId)
    .execute();
}

export async function markClaimUnverified(db: TDb, claimId: string) {
  await db.updateTable('identity_provider_email_domains').set(UNVERIFIED).where('id', '=', claimId).execute();
}

/** Every unused link of the claim stops working. */
export async function voidDomainLinks(trx: Transaction<Database>, claimId: string) {
  await trx
    .updateTable('identity_provider_domain_links')
    .set({ used_at: sql<Date>`now()` })
    .where('claim_id', '=', claimId)
    .where('used_at', 'is', null)
    .execute();
}

/** Stores a link's hash; every earlier unused link of the claim stops working. */
export async function insertDomainLink(
  trx: Transaction<Database>,
  link: { claimId: string; tokenHash: string; mailbox: string; requestedBy: string; hours: number },
) {
  await voidDomainLinks(trx, link.claimId);
  return trx
    .insertInto('identity_provider_domain_links')
    .values({
      claim_id: link.claimId,
      token_hash: link.tokenHash,
      mailbox: link.mailbox,
      requested_by: link.requestedBy,
      expires_at: sql<Date>`now() + make_interval(hours => ${link.hours})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
}

/** Marks a live, unused link used and answers its claim and mailbox; undefined when unknown, used or expired. */
export function consumeDomainLink(trx: Transaction<Database>, tokenHash: string) {
  return trx
    .updateTable('identity_provider_domain_links')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['claim_id', 'mailbox'])
    .executeTakeFirst();
}
