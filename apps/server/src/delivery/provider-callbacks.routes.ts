import { deliveryApi } from '@sello/contracts/catalogue/delivery';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { handleProviderCallback, verifyCallbackSignature } from './provider-callbacks.service.ts';

export const SIGNATURE_HEADER = 'x-sello-signature';

/**
 * Delivery reports of the SMS and WhatsApp providers. They carry no session: the body, as received,
 * must be signed with the shared secret, so this scope reads JSON itself to check the exact bytes.
 */
export function registerProviderCallbackRoutes(ctx: TAppContext): void {
  ctx.app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
        if (!verifyCallbackSignature(ctx.config.PROVIDER_CALLBACK_SECRET, body, request.headers[SIGNATURE_HEADER])) {
          done(new ApiError(401, 'ERR_SIGNATURE_INVALID'));
          return;
        }
        try {
          done(null, JSON.parse(body.toString('utf8')));
        } catch {
          done(new ApiError(400, 'ERR_VALIDATION'));
        }
      },
    );
    registerEndpoint(scope, deliveryApi.providerCallback, async ({ params, body }) => ({
      status: await handleProviderCallback(ctx, params.channel, body),
    }));
  });
}
