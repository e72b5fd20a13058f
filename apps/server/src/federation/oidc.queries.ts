import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Live, active providers of live, active domains. */
function liveProviders(db: Kysely<Database>) {
  return db
    .selectFrom('identity_providers as p')
    .innerJoin('domains as d', 'd.id', 'p.domain_id')
    .where('p.deleted_at', 'is', null)
    .where('p.active', '=', true)
    .where('d.deleted_at', 'is', null)
    .where('d.active', '=', true);
}

/**
 * The provider that signs in the users of an e-mail domain: the one whose claim to it is verified (at most one, by a
 * unique index). An unverified claim routes nobody (docs/decisions/federation.md "Identity providers: verified e-mail domains").
 */
export async function selectProviderByEmailDomain(db: Kysely<Database>, emailDomain: string) {
  return liveProviders(db)
    .innerJoin('identity_provider_email_domains as c', 'c.provider_id', 'p.id')
    .select(['p.id', 'p.kind', 'p.name'])
    .where('c.email_domain', '=', emailDomain)
    .where('c.state', '=', 'verified')
    .executeTakeFirst();
}

export async function selectOidcProvider(db: Kysely<Database>, id: number | string) {
  return liveProviders(db)
    .select([
      'p.id',
      'p.name',
      'p.domain_id as domainId',
      // Any claim, verified or not: the provider signs in only its own domain's users.
      sql<string[]>`ARRAY(SELECT c.email_domain FROM identity_provider_email_domains c WHERE c.provider_id = p.id)`.as(
        'emailDomains',
      ),
      'p.trust_idp_second_factor as trustIdpSecondFactor',
      'p.configured_rank as configuredRank',
      'p.oidc_issuer as issuer',
      'p.oidc_client_id as clientId',
      'p.oidc_client_secret_sealed as clientSecretSealed',
    ])
    .where('p.id', '=', String(id))
    .where('p.kind', '=', 'oidc')
    .executeTakeFirst();
}

export async function insertOidcFlow(
  db: Kysely<Database>,
  row: {
    stateHash: string;
    providerId: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    shippingGuid: string | null;
    seconds: number;
  },
) {
  // Flows nobody finished are dropped a day after they ran out.
  await db.deleteFrom('oidc_flows').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  await db
    .insertInto('oidc_flows')
    .values({
      state_hash: row.stateHash,
      provider_id: row.providerId,
      nonce: row.nonce,
      code_verifier: row.codeVerifier,
      redirect_uri: row.redirectUri,
      shipping_guid: row.shippingGuid,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.seconds})`,
    })
    .execute();
}

/** The shipping a live flow opens (read only: the console route needs it to call `oauthloginWp`). */
export async function selectFlowShipping(db: Kysely<Database>, stateHash: string) {
  const row = await db
    .selectFrom('oidc_flows')
    .select('shipping_guid as shippingGuid')
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.shippingGuid ?? null;
}

/** Marks a live, unused flow used and answers it; undefined when unknown, used or expired. */
export async function consumeOidcFlow(db: Kysely<Database>, stateHash: string) {
  return db
    .updateTable('oidc_flows')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning([
      'provider_id as providerId',
      'nonce',
      'code_verifier as codeVerifier',
      'redirect_uri as redirectUri',
      'shipping_guid as shippingGuid',
    ])
    .executeTakeFirst();
}

/** Users of a domain with this e-mail (any state: the caller refuses blocked ones with their own key). */
export async function selectUsersByEmail(db: Kysely<Database>, domainId: string, email: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.active', 'u.blocked'])
    .where('u.domain_id', '=', domainId)
    .where('u.deleted_at', 'is', null)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .limit(2)
    .execute();
}
