import { evidenceApi as api } from '@sello/contracts/catalogue/evidence';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingsService } from '../shippings/shippings.service.ts';
import { createEvidenceService } from './evidence.service.ts';

export function registerEvidenceRoutes(ctx: TAppContext): void {
  const evidence = createEvidenceService({ db: ctx.db, blobs: ctx.blobs, shippings: createShippingsService(ctx.db) });
  registerEndpoint(ctx.app, api.verify, ({ principal, query }) => evidence.verify(principal, query.requestId));
  registerEndpoint(ctx.app, api.downloadAvailability, ({ principal, body }) =>
    evidence.downloadAvailability(principal, body.listOfRequests),
  );
}
