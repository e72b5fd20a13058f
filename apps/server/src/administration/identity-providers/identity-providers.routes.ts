import { identityProvidersApi } from '@sello/contracts/catalogue/administration-identity-providers';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createIdentityProvidersService } from './identity-providers.service.ts';

export function registerIdentityProviderRoutes({ app, db, certificateKey }: TAppContext): void {
  const providers = createIdentityProvidersService({ db, certificateKey });

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
}
