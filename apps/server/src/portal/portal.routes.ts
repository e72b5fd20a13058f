import { portalApi } from '@sello/contracts/catalogue/portal';
import { portalHandwrittenApi } from '@sello/contracts/catalogue/portal-handwritten';
import { portalPkiApi } from '@sello/contracts/catalogue/portal-pki';
import {
  CAPTURE_MAX_BYTES,
  HANDWRITING_LIMITS,
  RECEIVER_TOKEN_HEADER,
  VIDEO_MAX_BYTES,
} from '@sello/contracts/portal-limits';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import type { TTrustLoaders } from '../evidence/trust-loaders.ts';
import { ApiError } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { registerHandOverRoutes } from './hand-over.routes.ts';
import { createPortalAcceptService } from './portal-accept.service.ts';
import { createPortalHandwrittenService } from './portal-handwritten.service.ts';
import { createPortalIdentificationService } from './portal-identification.service.ts';
import { createPortalOpenService } from './portal-open.service.ts';
import { createPortalPinService } from './portal-pin.service.ts';
import { createPortalPkiService } from './portal-pki.service.ts';
import { createPortalRejectService } from './portal-reject.service.ts';
import { createPortalVideoService } from './portal-video.service.ts';

/** Calls a minute per link (or per address when a call comes without one). */
const CALLS_PER_MINUTE = 60;
/** PIN requests a minute per link: each one is a message someone pays for. */
const PIN_REQUESTS_PER_MINUTE = 3;

function tokenOf(request: FastifyRequest): string {
  const token = request.headers[RECEIVER_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0) throw new ApiError(401, 'ERR_LINK_INVALID');
  return token;
}

function limit(max: number) {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const token = request.headers[RECEIVER_TOKEN_HEADER];
          return typeof token === 'string' && token.length < 100 ? `portal:${token}` : `portal-ip:${request.ip}`;
        },
      },
    },
  };
}

/** The recipient pages: authenticated by the link token alone (no session), and rate-limited per link. */
export function registerPortalRoutes(ctx: TAppContext, cloud: TTrustLoaders): void {
  const { app } = ctx;
  const portal = {
    ...createPortalOpenService(ctx),
    ...createPortalPinService(ctx),
    ...createPortalAcceptService(ctx, cloud),
    ...createPortalPkiService(ctx, cloud),
    ...createPortalHandwrittenService(ctx),
    ...createPortalVideoService(ctx),
    ...createPortalRejectService(ctx),
    ...createPortalIdentificationService(ctx),
  };
  const calls = limit(CALLS_PER_MINUTE);

  registerEndpoint(app, portalApi.view, async ({ request }) => portal.view(tokenOf(request)), calls);
  registerEndpoint(
    app,
    portalApi.document,
    async ({ request, params, reply }) => portal.document(tokenOf(request), params.position, reply),
    calls,
  );
  registerEndpoint(app, portalApi.acknowledge, async ({ request }) => portal.acknowledge(tokenOf(request)), calls);
  registerEndpoint(
    app,
    portalApi.requestPin,
    async ({ request }) => portal.requestPin(tokenOf(request)),
    limit(PIN_REQUESTS_PER_MINUTE),
  );
  registerEndpoint(
    app,
    portalApi.accept,
    async ({ request, body }) => portal.accept(tokenOf(request), body.pin),
    calls,
  );
  registerEndpoint(
    app,
    portalHandwrittenApi.acceptHandwritten,
    async ({ request, body }) => portal.acceptHandwritten(tokenOf(request), body),
    {
      ...calls,
      bodyLimit: HANDWRITING_LIMITS.maxBodyBytes,
      beforeBody: (request) => portal.acceptHandwrittenLink(tokenOf(request)),
    },
  );
  registerEndpoint(
    app,
    portalPkiApi.preparePki,
    async ({ request, body }) => portal.preparePki(tokenOf(request), body),
    calls,
  );
  registerEndpoint(
    app,
    portalPkiApi.acceptPki,
    async ({ request, body }) => portal.acceptPki(tokenOf(request), body),
    calls,
  );
  registerEndpoint(
    app,
    portalApi.reject,
    async ({ request, body }) => portal.reject(tokenOf(request), body.reason, body.situationReason),
    calls,
  );
  registerEndpoint(
    app,
    portalApi.identificationStart,
    async ({ request }) => portal.identificationStart(tokenOf(request)),
    calls,
  );
  registerEndpoint(
    app,
    portalApi.identificationCapture,
    async ({ request, body }) => portal.identificationCapture(tokenOf(request), body),
    {
      ...calls,
      bodyLimit: Math.ceil((CAPTURE_MAX_BYTES * 4) / 3) + 64 * 1024,
      // A capture is large: its link is checked before its body is read.
      beforeBody: (request) => portal.identificationCaptureLink(tokenOf(request)),
    },
  );
  registerEndpoint(
    app,
    portalApi.identificationVideo,
    async ({ request, body }) => portal.identificationVideo(tokenOf(request), body),
    { ...limit(10), bodyLimit: Math.ceil((VIDEO_MAX_BYTES * 4) / 3) + 64 * 1024 },
  );
  registerEndpoint(
    app,
    portalApi.identificationFinish,
    async ({ request }) => portal.identificationFinish(tokenOf(request)),
    calls,
  );
  registerHandOverRoutes(ctx);
}
