import { shippingsApi as api } from '@sello/contracts/catalogue/shippings';
import type { TAppContext } from '../app-context.ts';
import { createAccessResend } from '../delivery/access-resend.service.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingActions } from './shipping-actions.service.ts';
import { createShippingCreation } from './shipping-create.service.ts';
import { createShippingDashboard } from './shipping-dashboard.service.ts';
import { createShippingFiles } from './shipping-files.service.ts';
import { createShippingReport } from './shipping-report.service.ts';
import { createShippingsService } from './shippings.service.ts';

const ok = { ok: true as const };

export function registerShippingsRoutes(ctx: TAppContext): void {
  const { app, db, blobs, preferences } = ctx;
  const shippings = createShippingsService(db);
  const creation = createShippingCreation({ db, blobs, preferences, jobs: ctx.jobs });
  const actions = createShippingActions(db, ctx.jobs);
  const accessResend = createAccessResend(ctx);
  const files = createShippingFiles({ db, blobs, preferences, shippings });
  const dashboard = createShippingDashboard(db);
  const report = createShippingReport({ db, exports: ctx.exportFiles, logger: app.log });
  app.addHook('onClose', () => report.settle());

  registerEndpoint(app, api.list, ({ principal, query }) => shippings.listPage(principal, query));
  registerEndpoint(app, api.sendRequest, ({ principal, body }) => creation.create(principal, body), {
    // Documents travel base64-encoded in the JSON body: room for the upload file limit of spec §9.
    bodyLimit: ctx.config.SHIPPING_BODY_LIMIT_MB * 1024 * 1024,
  });
  registerEndpoint(app, api.detail, ({ principal, query }) => shippings.detail(principal, query.requestId));
  registerEndpoint(app, api.samlAccess, ({ principal, query }) => shippings.samlAccess(principal, query.requestId));
  registerEndpoint(app, api.auths, ({ principal, query }) => shippings.auths(principal, query.requestId));
  registerEndpoint(app, api.authorize, ({ principal, body }) =>
    actions.authorizeList(principal, body.authorizeShippingList, body.comment || null),
  );
  registerEndpoint(app, api.retry, async ({ principal, body }) => {
    await actions.retry(principal, body.requestId);
    return ok;
  });
  registerEndpoint(app, api.retryList, ({ principal, body }) => actions.retryList(principal, body.retryShippingList));
  registerEndpoint(app, api.deleteList, ({ principal, body }) =>
    actions.deleteList(principal, body.deleteShippingList),
  );
  registerEndpoint(app, api.denyList, ({ principal, body }) =>
    actions.denyList(principal, body.denyShippingList, body),
  );
  registerEndpoint(app, api.deny, async ({ principal, params, body }) => {
    await actions.deny(principal, params.id, body);
    return ok;
  });
  registerEndpoint(app, api.delete, async ({ principal, params }) => {
    await actions.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.recover, async ({ principal, params }) => {
    await actions.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, api.signatures, ({ principal, params }) => shippings.signatures(principal, params.id));
  registerEndpoint(app, api.sendAccessCommunication, ({ principal, params }) =>
    accessResend.resend(principal, params.id),
  );
  registerEndpoint(app, api.urlVideoDownload, ({ principal, query }) =>
    shippings.urlVideoDownload(principal, query.requestId),
  );
  registerEndpoint(app, api.readOriginalFile, ({ principal, query, reply }) =>
    files.readOriginal(principal, query.requestId, query.fileRequest, reply),
  );
  registerEndpoint(app, api.downloadFile, ({ principal, body, reply }) =>
    files.download(principal, body.requestId, body.fileRequest, reply),
  );
  registerEndpoint(app, api.downloadAuthFile, ({ principal, body, reply }) =>
    files.downloadForAuthorisation(principal, body.requestId, body.fileRequest, reply),
  );
  registerEndpoint(app, api.downloadPtRequest, ({ principal, query, reply }) =>
    files.downloadEvidence(principal, query.requestId, reply),
  );
  registerEndpoint(app, api.downloadFiles, ({ principal, body, reply }) =>
    files.downloadArchive(principal, body, reply),
  );
  registerEndpoint(app, api.numberDownloadFiles, ({ principal, body }) => files.count(principal, body));
  registerEndpoint(app, api.report, ({ principal, body, reply }) => report.report(principal, body, reply));
  registerEndpoint(app, api.listTypes, ({ principal, query }) => shippings.listTypes(principal, query));
  registerEndpoint(app, api.dashboard, ({ principal, query }) => dashboard.dashboard(principal, query));
}
