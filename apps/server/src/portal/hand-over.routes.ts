import { portalHandOverApi } from '@sello/contracts/catalogue/portal-hand-over';
import { shippingsHandOverApi } from '@sello/contracts/catalogue/shippings-hand-over';
import { RECEIVER_TOKEN_HEADER } from '@sello/contracts/portal-limits';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { ApiError } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createHandOverService } from './hand-over.service.ts';

/** Openings a minute per one-time access (one succeeds; the rest are refused) or per address without one. */
const OPENS_PER_MINUTE = 10;

/** A receiver's page handed over at the desk: the sender mints the access, the page opens with it once. */
export function registerHandOverRoutes(ctx: TAppContext): void {
  const handOvers = createHandOverService(ctx);
  registerEndpoint(ctx.app, shippingsHandOverApi.handOver, ({ principal, body }) =>
    handOvers.handOver(principal, body),
  );
  registerEndpoint(
    ctx.app,
    portalHandOverApi.handOverOpen,
    ({ request }) => {
      const token = request.headers[RECEIVER_TOKEN_HEADER];
      if (typeof token !== 'string' || token.length === 0) throw new ApiError(401, 'ERR_LINK_INVALID');
      return handOvers.open(token);
    },
    {
      config: {
        rateLimit: {
          max: OPENS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => {
            const token = request.headers[RECEIVER_TOKEN_HEADER];
            return typeof token === 'string' && token.length < 100
              ? `hand-over:${token}`
              : `hand-over-ip:${request.ip}`;
          },
        },
      },
    },
  );
}
