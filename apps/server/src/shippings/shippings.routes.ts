import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsCreateApi } from '@sello/contracts/catalogue/shippings-create';
import { shippingsDashboardApi } from '@sello/contracts/catalogue/shippings-dashboard';
import { shippingsDetailApi } from '@sello/contracts/catalogue/shippings-detail';
import { shippingsFilesApi } from '@sello/contracts/catalogue/shippings-files';
import { shippingsListApi } from '@sello/contracts/catalogue/shippings-list';
import { shippingsReportApi } from '@sello/contracts/catalogue/shippings-report';
import type { TAppContext } from '../app-context.ts';
import { idempotent } from '../platform/idempotency.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingActions } from './shipping-actions.service.ts';
import { createShippingCreation } from './shipping-create.service.ts';
import { createShippingDashboard } from './shipping-dashboard.service.ts';
import { createShippingFiles } from './shipping-files.service.ts';
import type { TComposeSms } from './shipping-message.ts';
import { createShippingReport } from './shipping-report.service.ts';
import { createShippingSmsCount } from './shipping-sms-count.service.ts';
import { listShippingTypes } from './shipping-type-options.ts';
import { createShippingsService } from './shippings.service.ts';

const ok = { ok: true as const };

/** `composeSms`: the dispatch's composition of SMS (delivery/ imports shippings/, so it is handed in). */
export function registerShippingsRoutes(ctx: TAppContext, composeSms: TComposeSms): void {
  const { app, db, blobs, preferences } = ctx;
  const shippings = createShippingsService(db);
  const creation = createShippingCreation({ db, blobs, preferences, jobs: ctx.jobs, composeSms });
  const actions = createShippingActions(db, ctx.jobs);
  const files = createShippingFiles({ db, blobs, preferences, shippings, logger: app.log });
  const dashboard = createShippingDashboard(db);
  const report = createShippingReport({
    db,
    exports: ctx.exportFiles,
    logger: app.log,
    maxInCourse: ctx.config.EXPORTS_IN_COURSE_PER_USER,
  });
  app.addHook('onClose', () => report.settle());

  registerEndpoint(app, shippingsListApi.list, ({ principal, query }) => shippings.list(principal, query));
  registerEndpoint(
    app,
    shippingsCreateApi.sendRequest,
    idempotent(ctx.db, shippingsCreateApi.sendRequest, ({ principal, body }) => creation.sendRequest(principal, body)),
    {
      // Documents travel base64-encoded in the JSON body: room for the upload file limit of spec §9.
      bodyLimit: ctx.config.SHIPPING_BODY_LIMIT_MB * 1024 * 1024,
    },
  );
  const countSms = createShippingSmsCount(db, composeSms);
  registerEndpoint(app, shippingsCreateApi.smsCount, ({ principal, body }) => countSms(principal, body));
  registerEndpoint(app, shippingsDetailApi.detail, ({ principal, query }) =>
    shippings.detail(principal, query.requestId),
  );
  registerEndpoint(app, shippingsDetailApi.auths, ({ principal, query }) =>
    shippings.auths(principal, query.requestId),
  );
  registerEndpoint(app, shippingsActionsApi.authorize, ({ principal, body }) =>
    actions.authorize(principal, body.authorizeShippingList, body.comment || null),
  );
  registerEndpoint(app, shippingsActionsApi.retry, async ({ principal, body }) => {
    await actions.retry(principal, body.requestId);
    return ok;
  });
  registerEndpoint(app, shippingsActionsApi.retryList, ({ principal, body }) =>
    actions.retryList(principal, body.retryShippingList),
  );
  registerEndpoint(app, shippingsActionsApi.deleteList, ({ principal, body }) =>
    actions.deleteList(principal, body.deleteShippingList),
  );
  registerEndpoint(app, shippingsActionsApi.denyList, ({ principal, body }) =>
    actions.denyList(principal, body.denyShippingList, body),
  );
  registerEndpoint(app, shippingsActionsApi.deny, async ({ principal, params, body }) => {
    await actions.deny(principal, params.id, body);
    return ok;
  });
  registerEndpoint(app, shippingsActionsApi.cancel, async ({ principal, params }) => {
    await actions.cancel(principal, params.id);
    return ok;
  });
  registerEndpoint(app, shippingsActionsApi.delete, async ({ principal, params }) => {
    await actions.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, shippingsActionsApi.recover, async ({ principal, params }) => {
    await actions.recover(principal, params.id);
    return ok;
  });
  registerEndpoint(app, shippingsDetailApi.signatures, ({ principal, params }) =>
    shippings.signatures(principal, params.id),
  );
  registerEndpoint(app, shippingsDetailApi.urlVideoDownload, ({ principal, query }) =>
    shippings.urlVideoDownload(principal, query.requestId),
  );
  registerEndpoint(app, shippingsFilesApi.readOriginalFile, ({ principal, query, reply }) =>
    files.readOriginalFile(principal, query.requestId, query.fileRequest, reply),
  );
  registerEndpoint(app, shippingsFilesApi.downloadFile, ({ principal, body, reply }) =>
    files.downloadFile(principal, body.requestId, body.fileRequest, reply),
  );
  registerEndpoint(app, shippingsFilesApi.downloadAuthFile, ({ principal, body, reply }) =>
    files.downloadAuthFile(principal, body.requestId, body.fileRequest, reply),
  );
  registerEndpoint(app, shippingsFilesApi.downloadPtRequest, ({ principal, query, reply }) =>
    files.downloadPtRequest(principal, query.requestId, reply),
  );
  registerEndpoint(app, shippingsFilesApi.downloadFiles, ({ principal, body, reply }) =>
    files.downloadFiles(principal, body, reply),
  );
  registerEndpoint(app, shippingsFilesApi.numberDownloadFiles, ({ principal, body }) =>
    files.numberDownloadFiles(principal, body),
  );
  registerEndpoint(app, shippingsReportApi.report, ({ principal, body, reply }) =>
    report.report(principal, body, reply),
  );
  registerEndpoint(app, shippingsListApi.listTypes, ({ principal, query }) => listShippingTypes(db, principal, query));
  registerEndpoint(app, shippingsDashboardApi.dashboard, ({ principal, query }) =>
    dashboard.dashboard(principal, query),
  );
}
