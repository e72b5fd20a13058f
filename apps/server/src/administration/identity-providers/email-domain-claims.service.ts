import {
  type DOMAIN_ADMIN_MAILBOXES,
  EMAIL_DOMAIN_LINK_HOURS,
} from '@sello/contracts/catalogue/administration-identity-providers';
import type { Transaction } from 'kysely';
import type { TAppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import { assertDomainAdministrator, assertSuperAdmin } from '../../platform/admin-access.ts';
import { ApiError, notFound } from '../../platform/api-error.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canSeeDomain } from '../../platform/tenancy.ts';
import { createToken, hashToken } from '../../platform/tokens.ts';
import {
  consumeDomainLink,
  insertDomainLink,
  isVerifiedElsewhere,
  lockEmailDomain,
  markClaimUnverified,
  markClaimVerified,
  selectClaim,
  type TVerification,
  voidDomainLinks,
} from './email-domain-claims.queries.ts';
import { composeDomainLinkMail, domainLinkUrl } from './email-domain-mail.ts';

/** Links one claim may have mailed per hour: the mailbox is somebody else's. */
const LINKS_PER_HOUR = 5;

const verifiedElsewhere = (emailDomain: string) =>
  new ApiError(409, 'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE', undefined, { emailDomain });
const invalidLink = () => new ApiError(410, 'ERR_IDP_DOMAIN_LINK_INVALID');

/** Two verifications of one domain at once: the unique index refuses the second, with the same key. */
async function settlingRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'identity_provider_email_domains_verified')) {
      throw new ApiError(409, 'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE');
    }
    throw error;
  }
}

type TClaim = NonNullable<Awaited<ReturnType<typeof selectClaim>>>;

type TDeps = Pick<TAppContext, 'db' | 'mailer' | 'preferences' | 'rateLimits'>;

/**
 * E-mail domains of identity providers as claims (docs/decisions/federation.md "Identity providers: verified e-mail domains"):
 * a super admin verifies or revokes one, or a domain administrator has a single-use link mailed to an administrator
 * mailbox of the domain. At most one claim of a domain is verified; another tenant's claim never blocks a claim.
 */
export function createEmailDomainClaimsService({ db, mailer, preferences, rateLimits }: TDeps) {
  /** A claim of a live provider the caller's domain may see; answers it with the provider's id. */
  async function loadClaim(principal: TPrincipal, claimId: number) {
    const claim = await selectClaim(db, claimId);
    if (!claim?.provider_live || !canSeeDomain(principal, claim.domain_id)) throw notFound();
    return claim;
  }

  /** Verifies a claim unless another claim of its domain is verified (checked under a lock of the domain). */
  async function verifyIn(trx: Transaction<Database>, claim: TClaim, verification: TVerification) {
    await lockEmailDomain(trx, claim.email_domain);
    if (await isVerifiedElsewhere(trx, claim.email_domain, claim.id)) throw verifiedElsewhere(claim.email_domain);
    await markClaimVerified(trx, claim.id, verification);
  }

  /** A super admin verifies a claim directly; answers the provider's id. */
  async function verifyBySuperAdmin(principal: TPrincipal, claimId: number) {
    assertSuperAdmin(principal);
    const claim = await loadClaim(principal, claimId);
    if (claim.state !== 'verified') {
      await settlingRace(() =>
        db.transaction().execute((trx) => verifyIn(trx, claim, { how: 'superAdmin', by: principal.userId })),
      );
    }
    return Number(claim.provider_id);
  }

  /** A super admin makes a claim unverified again; its unused links stop working. */
  async function revoke(principal: TPrincipal, claimId: number) {
    assertSuperAdmin(principal);
    const claim = await loadClaim(principal, claimId);
    await db.transaction().execute(async (trx) => {
      await markClaimUnverified(trx, claim.id);
      await voidDomainLinks(trx, claim.id);
    });
    return Number(claim.provider_id);
  }

  /** Mails a single-use link to `<mailbox>@<the claim's domain>`; for those who configure the provider. */
  async function mailLink(
    principal: TPrincipal,
    input: { claimId: number; mailbox: (typeof DOMAIN_ADMIN_MAILBOXES)[number] },
  ) {
    assertDomainAdministrator(principal);
    const claim = await loadClaim(principal, input.claimId);
    if (claim.state === 'verified') throw new ApiError(409, 'ERR_CONFLICT');
    if (await isVerifiedElsewhere(db, claim.email_domain, claim.id)) throw verifiedElsewhere(claim.email_domain);
    if (!mailer.enabled) throw new ApiError(409, 'ERR_MAIL_NOT_CONFIGURED');
    const hit = await rateLimits.hit(`idp-domain-link:${claim.id}`, LINKS_PER_HOUR, 3600);
    if (!hit.allowed) throw new ApiError(429, 'ERR_TOO_MANY_REQUESTS');

    const to = `${input.mailbox}@${claim.email_domain}`;
    const token = createToken();
    const { expires_at } = await db.transaction().execute((trx) =>
      insertDomainLink(trx, {
        claimId: claim.id,
        tokenHash: hashToken(token),
        mailbox: to,
        requestedBy: principal.userId,
        hours: EMAIL_DOMAIN_LINK_HOURS,
      }),
    );
    const mail = composeDomainLinkMail(principal.language, {
      emailDomain: claim.email_domain,
      domainName: claim.domain_name,
      providerName: claim.provider_name,
      link: domainLinkUrl(await preferences.consoleUrl(), token),
    });
    try {
      await mailer.send({ to, ...mail });
    } catch {
      await db.transaction().execute((trx) => voidDomainLinks(trx, claim.id));
      throw new ApiError(502, 'ERR_MAIL_NOT_SENT', undefined, { to });
    }
    return { to, expiresAt: expires_at.toISOString() };
  }

  /** Following a mailed link (anonymous: the link is the credential) verifies its claim, once; a refusal keeps it. */
  async function followLink(token: string) {
    return settlingRace(() =>
      db.transaction().execute(async (trx) => {
        const link = await consumeDomainLink(trx, hashToken(token));
        if (!link) throw invalidLink();
        const claim = await selectClaim(trx, link.claim_id);
        if (!claim?.provider_live) throw invalidLink();
        await verifyIn(trx, claim, { how: 'mail', mailbox: link.mailbox });
        return { emailDomain: claim.email_domain, providerName: claim.provider_name, domainName: claim.domain_name };
      }),
    );
  }

  return { verifyBySuperAdmin, revoke, mailLink, followLink };
}
