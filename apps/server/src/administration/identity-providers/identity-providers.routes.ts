import { identityProvidersApi } from '@sello/contracts/catalogue/administration-identity-providers';
import { securityApi } from '@sello/contracts/catalogue/security';
import type { TAppContext } from '../../app-context.ts';
import { outboundPolicyOf } from '../../platform/outbound-url.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createEmailDomainClaimsService } from './email-domain-claims.service.ts';
import { createIdentityProvidersService } from './identity-providers.service.ts';

export function registerIdentityProviderRoutes(ctx: TAppContext): void {
  const { app, db, certificateKey, config } = ctx;
  const providers = createIdentityProvidersService({ db, certificateKey, outboundPolicy: outboundPolicyOf(config) });
  const claims = createEmailDomainClaimsService(ctx);

  registerEndpoint(app, identityProvidersApi.read, ({ principal, query }) => providers.read(principal, query));
  registerEndpoint(app, identityProvidersApi.detail, ({ principal, query }) =>
    providers.detail(principal, query.selected),
  );
  registerEndpoint(app, identityProvidersApi.new, ({ principal, query, body }) =>
    providers.create(principal, query.domainid, body),
  );
  registerEndpoint(app, identityProvidersApi.update, ({ principal, body }) => providers.update(principal, body));
  registerEndpoint(app, identityProvidersApi.delete, async ({ principal, params }) => {
    await providers.remove(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, identityProvidersApi.recover, async ({ principal, params }) => {
    await providers.recover(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, identityProvidersApi.verifyDomain, async ({ principal, params }) =>
    providers.detail(principal, await claims.verifyBySuperAdmin(principal, params.id)),
  );
  registerEndpoint(app, identityProvidersApi.revokeDomain, async ({ principal, params }) =>
    providers.detail(principal, await claims.revoke(principal, params.id)),
  );
  registerEndpoint(app, identityProvidersApi.mailDomainLink, ({ principal, body }) => claims.mailLink(principal, body));
  registerEndpoint(app, securityApi.verifyEmailDomain, ({ body }) => claims.followLink(body.token), {
    config: { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
  });
}
