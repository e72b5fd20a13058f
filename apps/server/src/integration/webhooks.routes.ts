import { webhooksApi } from '@sello/contracts/catalogue/integration-webhooks';
import type { TAppContext } from '../app-context.ts';
import { outboundPolicyOf } from '../platform/outbound-url.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createWebhooksService } from './webhooks.service.ts';

export function registerWebhooksRoutes(ctx: TAppContext): void {
  const { app } = ctx;
  const webhooks = createWebhooksService({
    db: ctx.db,
    certificateKey: ctx.certificateKey,
    outbound: outboundPolicyOf(ctx.config),
    jobs: ctx.jobs,
  });
  registerEndpoint(app, webhooksApi.list, ({ principal, query }) => webhooks.list(principal, query.companyId));
  registerEndpoint(app, webhooksApi.create, ({ principal, body }) => webhooks.create(principal, body));
  registerEndpoint(app, webhooksApi.rotateSecret, ({ principal, body }) => webhooks.rotateSecret(principal, body.id));
  registerEndpoint(app, webhooksApi.setEnabled, ({ principal, body }) =>
    webhooks.setEnabled(principal, body.id, body.enabled),
  );
  registerEndpoint(app, webhooksApi.deliveries, ({ principal, query }) =>
    webhooks.deliveries(principal, query.endpointId),
  );
  registerEndpoint(app, webhooksApi.sendAgain, ({ principal, body }) => webhooks.sendAgain(principal, body.deliveryId));
  registerEndpoint(app, webhooksApi.remove, ({ principal, body }) => webhooks.remove(principal, body.id));
}
