import { evidenceApi } from '@sello/contracts/catalogue/evidence';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingsService } from '../shippings/shippings.service.ts';
import { registerCertificateCheckRoutes } from './certificate-check.routes.ts';
import { createEvidenceService } from './evidence.service.ts';

export function registerEvidenceRoutes(ctx: TAppContext): void {
  const evidence = createEvidenceService({ db: ctx.db, blobs: ctx.blobs, shippings: createShippingsService(ctx.db) });
  registerEndpoint(ctx.app, evidenceApi.verify, ({ principal, query }) => evidence.verify(principal, query.requestId));
  registerEndpoint(ctx.app, evidenceApi.downloadAvailability, ({ principal, body }) =>
    evidence.downloadAvailability(principal, body.listOfRequests),
  );
  registerCertificateCheckRoutes(ctx);
}
