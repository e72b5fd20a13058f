import { postalApi } from '@sello/contracts/catalogue/postal';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createPostalService } from './postal.service.ts';

export function registerPostalRoutes(ctx: TAppContext): void {
  const { app } = ctx;
  const postal = createPostalService({ db: ctx.db, blobs: ctx.blobs, jobs: ctx.jobs });

  registerEndpoint(app, postalApi.letters, ({ principal, query }) => postal.listLetters(principal, query));
  registerEndpoint(app, postalApi.batches, ({ principal, query }) => postal.listBatches(principal, query));
  registerEndpoint(app, postalApi.createBatch, ({ principal, query }) => postal.createBatch(principal, query));
  registerEndpoint(app, postalApi.batchFile, ({ principal, params, reply }) =>
    postal.sendBatchFile(principal, params.id, reply),
  );
  registerEndpoint(app, postalApi.markPrinted, ({ principal, params }) => postal.markPrinted(principal, params.id));
  registerEndpoint(app, postalApi.markHanded, ({ principal, params }) => postal.markHanded(principal, params.id));
  registerEndpoint(app, postalApi.result, ({ principal, body }) => postal.enterResult(principal, body), {
    // The signed receipt travels base64-encoded in the JSON body.
    bodyLimit: 16 * 1024 * 1024,
  });
  registerEndpoint(app, postalApi.importResults, ({ principal, body }) => postal.importResults(principal, body.data), {
    bodyLimit: 4 * 1024 * 1024,
  });
}
