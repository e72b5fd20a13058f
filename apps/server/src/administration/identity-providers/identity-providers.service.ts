import type {
  TEmailDomainClaim,
  TIdentityProvider,
  TIdentityProviderInput,
  TIdentityProviderUpdate,
} from '@sello/contracts/catalogue/administration-identity-providers';
import type { TPagedQuery } from '@sello/contracts/common';
import { hasAll } from '@sello/contracts/permissions';
import { rankOf } from '@sello/contracts/role-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sealClientSecret } from '../../federation/oidc-client-secret.ts';
import { assertDomainAdministrator } from '../../platform/admin-access.ts';
import { fieldError, forbidden, notFound } from '../../platform/api-error.ts';
import { recordAudit, runAudited } from '../../platform/audit.ts';
import type { TCertificateKey } from '../../platform/certificate-key.ts';
import { checkOutboundUrl, OutboundUrlRefused, type TOutboundPolicy } from '../../platform/outbound-url.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canSeeDomain, resolveDomainScope } from '../../platform/tenancy.ts';
import { takeDeletedFilter, withConflictFields } from '../admin-lists.ts';
import { isLiveDomain } from '../certificates/certificate-common.queries.ts';
import { replaceProviderClaims, unverifyProviderClaims } from './email-domain-claims.queries.ts';
import {
  IDENTITY_PROVIDER_UNIQUE_FIELDS,
  insertIdentityProvider,
  isDomainSamlCertificate,
  markIdentityProviderDeleted,
  markIdentityProviderRecovered,
  selectIdentityProvider,
  selectIdentityProviderPage,
  type TIdentityProviderRow,
  type TIdentityProviderValues,
  updateIdentityProviderRow,
} from './identity-providers.queries.ts';

/**
 * Like SAML certificates, `administration` + `administrationSaml` (the deleted ones also `certBin`), and besides a
 * domain administrator's or super admin's role: whoever configures a provider decides who it may sign in, so a plain
 * administrator configures none (docs/decisions/federation.md "Federated sign-in: rank").
 */
const BIN_FLAGS = ['certBin', 'administrationSaml'] as const;

function toClaim(claim: TIdentityProviderRow['claims'][number]): TEmailDomainClaim {
  // Read through JSON: the timestamp arrives as text.
  return {
    id: Number(claim.id),
    emailDomain: claim.email_domain,
    state: claim.state,
    verifiedAt: claim.verified_at === null ? null : new Date(claim.verified_at).toISOString(),
    verifiedHow: claim.verified_how,
    verifiedBy: claim.verified_how === 'mail' ? claim.verified_mailbox : claim.verified_by_name,
  };
}

function toIdentityProvider(row: TIdentityProviderRow): TIdentityProvider {
  return {
    id: Number(row.id),
    domainId: Number(row.domain_id),
    kind: row.kind,
    name: row.name,
    emailDomains: row.claims.map((claim) => claim.email_domain),
    emailDomainClaims: row.claims.map(toClaim),
    trustIdpSecondFactor: row.trust_idp_second_factor,
    active: row.active,
    samlEntityId: row.saml_entity_id,
    samlSsoUrl: row.saml_sso_url,
    samlCertificateId: row.saml_certificate_id === null ? null : Number(row.saml_certificate_id),
    samlUserAttribute: row.saml_user_attribute,
    samlAllowIdpInitiated: row.saml_allow_idp_initiated,
    oidcIssuer: row.oidc_issuer,
    oidcClientId: row.oidc_client_id,
    oidcClientSecretSet: row.oidc_client_secret_set,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    deletedBy: row.deleted_at ? row.deleted_by_name : null,
  };
}

/** The columns of the form's kind; the other kind's are cleared. */
function toValues(input: TIdentityProviderInput | TIdentityProviderUpdate): TIdentityProviderValues {
  const saml = input.kind === 'saml';
  const oidc = input.kind === 'oidc';
  return {
    kind: input.kind,
    name: input.name,
    trust_idp_second_factor: input.trustIdpSecondFactor,
    active: input.active,
    saml_entity_id: saml ? (input.samlEntityId ?? null) : null,
    saml_sso_url: saml ? (input.samlSsoUrl ?? null) : null,
    saml_certificate_id: saml ? (input.samlCertificateId ?? null) : null,
    saml_user_attribute: saml ? (input.samlUserAttribute ?? null) : null,
    saml_allow_idp_initiated: saml && input.samlAllowIdpInitiated,
    oidc_issuer: oidc ? (input.oidcIssuer?.replace(/\/$/, '') ?? null) : null,
    oidc_client_id: oidc ? (input.oidcClientId ?? null) : null,
  };
}

const NO_SECRET = { oidc_client_secret_sealed: null, oidc_client_secret_key_id: null };

/** The issuer must be a URL the server may fetch (platform/outbound-url.ts), checked before anything is written. */
async function checkIssuer(values: TIdentityProviderValues, policy: TOutboundPolicy) {
  if (values.oidc_issuer === null) return;
  try {
    await checkOutboundUrl(values.oidc_issuer, policy);
  } catch (error) {
    if (!(error instanceof OutboundUrlRefused)) throw error;
    throw fieldError(
      'oidcIssuer',
      error.reason === 'unresolved' ? 'ERR_OUTBOUND_HOST_UNKNOWN' : 'ERR_OUTBOUND_URL_REFUSED',
    );
  }
}

/**
 * Administration of the identity providers of a domain (docs/decisions/federation.md "Identity providers"): both kinds in
 * one list; the OpenID Connect client secret is sealed and write-only.
 */
export function createIdentityProvidersService({
  db,
  certificateKey,
  outboundPolicy,
}: {
  db: Kysely<Database>;
  certificateKey: TCertificateKey;
  outboundPolicy: TOutboundPolicy;
}) {
  async function loadVisible(principal: TPrincipal, id: number, state: 'live' | 'deleted') {
    assertDomainAdministrator(principal);
    const row = await selectIdentityProvider(db, id);
    if (!row || !canSeeDomain(principal, row.domain_id)) throw notFound();
    if ((row.deleted_at === null) !== (state === 'live')) throw notFound();
    return row;
  }

  async function read(principal: TPrincipal, query: TPagedQuery) {
    assertDomainAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted && !hasAll(principal.permissions, BIN_FLAGS)) throw forbidden();
    const domainId = resolveDomainScope(principal, query.domainid);
    const page = await selectIdentityProviderPage(db, domainId, deleted, { ...query, filters });
    return { rows: page.rows.map(toIdentityProvider), total: page.total };
  }

  async function detail(principal: TPrincipal, id: number) {
    return toIdentityProvider(await loadVisible(principal, id, 'live'));
  }

  /**
   * The rule no schema can check: the certificate is the domain's. E-mail domains are claims: another provider's
   * claim to the same domain, of this tenant or another, blocks nothing (docs/decisions/federation.md "Identity providers: verified e-mail domains").
   */
  async function checkInput(domainId: string, values: TIdentityProviderValues) {
    if (
      values.saml_certificate_id !== null &&
      !(await isDomainSamlCertificate(db, domainId, values.saml_certificate_id))
    ) {
      throw fieldError('samlCertificateId', 'ERR_IDP_CERTIFICATE_UNKNOWN');
    }
  }

  function seal(secret: string | undefined) {
    if (!secret) return undefined;
    const { sealed, keyId } = sealClientSecret(secret, certificateKey);
    return { oidc_client_secret_sealed: sealed, oidc_client_secret_key_id: keyId };
  }

  async function create(principal: TPrincipal, requestedDomainId: number | undefined, input: TIdentityProviderInput) {
    assertDomainAdministrator(principal);
    const domainId = resolveDomainScope(principal, requestedDomainId);
    if (!(await isLiveDomain(db, domainId))) throw notFound();
    const values = toValues(input);
    await checkIssuer(values, outboundPolicy);
    const secret = input.kind === 'oidc' ? seal(input.oidcClientSecret) : NO_SECRET;
    if (!secret) throw fieldError('oidcClientSecret', 'ERR_FIELD_REQUIRED');
    const id = await withConflictFields(IDENTITY_PROVIDER_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        await checkInput(domainId, values);
        const id = await insertIdentityProvider(
          trx,
          domainId,
          { ...values, ...secret },
          { userId: principal.userId, rank: rankOf(principal.roles) },
        );
        await replaceProviderClaims(trx, id, [...new Set(input.emailDomains)]);
        await recordAudit(trx, principal, {
          domainId,
          entity: 'identity_providers',
          entityId: id,
          action: 'create',
          after: { ...values, emailDomains: input.emailDomains, client_secret: input.kind === 'oidc' ? 'set' : null },
        });
        return id;
      }),
    );
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TIdentityProviderUpdate) {
    const row = await loadVisible(principal, input.id, 'live');
    const values = toValues(input);
    await checkIssuer(values, outboundPolicy);
    let secret = input.kind === 'oidc' ? seal(input.oidcClientSecret) : NO_SECRET;
    if (input.kind === 'oidc' && !secret && !row.oidc_client_secret_set) {
      throw fieldError('oidcClientSecret', 'ERR_FIELD_REQUIRED');
    }
    if (input.kind === 'oidc' && !secret) secret = undefined;
    await withConflictFields(IDENTITY_PROVIDER_UNIQUE_FIELDS, () =>
      db.transaction().execute(async (trx) => {
        await checkInput(row.domain_id, values);
        const rank = rankOf(principal.roles);
        if (!(await updateIdentityProviderRow(trx, input.id, row.domain_id, values, secret, rank))) throw notFound();
        await replaceProviderClaims(trx, input.id, [...new Set(input.emailDomains)]);
        await recordAudit(trx, principal, {
          domainId: row.domain_id,
          entity: 'identity_providers',
          entityId: input.id,
          action: 'update',
          before: row,
          after: { ...values, client_secret: secret?.oidc_client_secret_sealed ? 'replaced' : undefined },
        });
      }),
    );
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'live');
    await db.transaction().execute(async (trx) => {
      if (!(await markIdentityProviderDeleted(trx, id, row.domain_id, principal.userId))) throw notFound();
      await unverifyProviderClaims(trx, id);
      const entry = { domainId: row.domain_id, entity: 'identity_providers', entityId: id, action: 'delete' };
      await recordAudit(trx, principal, { ...entry, before: { deleted: false }, after: { deleted: true } });
    });
  }

  async function recover(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'deleted');
    // While it was deleted another provider may have taken its name; its claims come back unverified.
    const entry = { domainId: row.domain_id, entity: 'identity_providers', entityId: id, action: 'recover' };
    await withConflictFields(IDENTITY_PROVIDER_UNIQUE_FIELDS, () =>
      runAudited(db, principal, { ...entry, before: { deleted: true }, after: { deleted: false } }, async (trx) => {
        if (!(await markIdentityProviderRecovered(trx, id, row.domain_id))) throw notFound();
      }),
    );
  }

  return { read, detail, create, update, remove, recover };
}
