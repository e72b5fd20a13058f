import { deliveryApi } from '@sello/contracts/catalogue/delivery';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { acceptSignedJson } from '../platform/signed-body.ts';
import { handleProviderCallback } from './provider-callbacks.service.ts';

/**
 * Delivery reports of the SMS and WhatsApp providers. They carry no session: the body, as received,
 * must be signed with the shared secret, so this scope reads JSON itself to check the exact bytes.
 */
export function registerProviderCallbackRoutes(ctx: TAppContext): void {
  ctx.app.register(async (scope) => {
    acceptSignedJson(scope, ctx.config.PROVIDER_CALLBACK_SECRET);
    registerEndpoint(scope, deliveryApi.providerCallback, async ({ params, body }) => ({
      status: await handleProviderCallback(ctx, params.channel, body),
    }));
  });
}
