import type { MultipartFile } from '@fastify/multipart';
import { importsApi } from '@sello/contracts/catalogue/imports';
import { LIMITS } from '@sello/contracts/constants';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import { ApiError } from '../platform/api-error.ts';
import { fingerprintRequest, idempotent } from '../platform/idempotency.ts';
import { registerMultipart } from '../platform/multipart.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createImportFiles } from './import-files.service.ts';
import { createImportRetry } from './import-retry.service.ts';
import { createImportRun } from './import-run.service.ts';
import { digestSpooledFiles, removeSpooledFiles, spoolPart } from './import-upload.ts';
import { createImportsService, IMPORT_MAX_BYTES, type TUploadedFile } from './imports.service.ts';

/**
 * The import file (`data`) is written to a temporary file as it arrives, within its own limit; the shared documents
 * are read whole within the limits of spec §9.
 */
async function readPart(this: FastifyRequest, part: MultipartFile & { value?: unknown }): Promise<void> {
  if (part.filename.length > LIMITS.fileNameLength) {
    throw new ApiError(400, 'ERR_VALIDATION', { [part.fieldname]: 'ERR_FILE_NAME_TOO_LONG' });
  }
  if (part.fieldname === 'data') {
    part.value = await spoolPart(this, part);
    return;
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw new ApiError(
      400,
      'ERR_VALIDATION',
      { [part.fieldname]: 'ERR_MAX_FILE_SIZE' },
      { size: IMPORT_MAX_BYTES / 1024 },
    );
  }
  const file: TUploadedFile = { filename: part.filename, mimetype: part.mimetype, bytes };
  part.value = file;
}

export function registerImportsRoutes(ctx: TAppContext): void {
  const { db, blobs, jobs } = ctx;
  const creation = createShippingCreation({
    db,
    blobs,
    preferences: ctx.preferences,
    jobs,
    composeSms: createShippingSmsComposer(ctx),
  });
  const run = createImportRun({ db, blobs, jobs, creation, batchRows: ctx.config.IMPORT_BATCH_ROWS });
  const imports = createImportsService({ db, pool: ctx.pool, blobs, jobs, run });
  const files = createImportFiles({ db, blobs, imports });
  const retry = createImportRetry({ db, jobs, run, imports });

  // Multipart is read only in this scope: the rest of the API stays JSON.
  ctx.app.register(async (app) => {
    app.addHook('onResponse', removeSpooledFiles);
    app.addHook('onRequestAbort', removeSpooledFiles);
    await registerMultipart(app, {
      attachFieldsToBody: 'keyValues',
      onFile: readPart,
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1 + LIMITS.uploadFileLimit, fields: 10 },
    });
    registerEndpoint(
      app,
      importsApi.import,
      idempotent(
        db,
        importsApi.import,
        ({ principal, body }) => imports.import(principal, body),
        async ({ body }) => fingerprintRequest(await digestSpooledFiles(body)),
      ),
      { bodyLimit: IMPORT_MAX_BYTES * 2 },
    );
    registerEndpoint(app, importsApi.retryWithFile, ({ principal, body }) => retry.retryWithFile(principal, body), {
      bodyLimit: IMPORT_MAX_BYTES * 2,
    });
  });
  const { app } = ctx;
  registerEndpoint(
    app,
    importsApi.saveFromFile,
    idempotent(db, importsApi.saveFromFile, ({ principal, body }) => imports.saveFromFile(principal, body.importId)),
  );
  registerEndpoint(
    app,
    importsApi.importWithTemplate,
    idempotent(db, importsApi.importWithTemplate, ({ principal, body }) => imports.importWithTemplate(principal, body)),
  );
  registerEndpoint(
    app,
    importsApi.saveWithTemplate,
    idempotent(db, importsApi.saveWithTemplate, ({ principal, body }) =>
      imports.saveWithTemplate(principal, body.importId),
    ),
  );
  registerEndpoint(app, importsApi.downloadFile, async ({ principal, query, reply }) => {
    await files.downloadFile(principal, query, reply);
    return undefined;
  });
  registerEndpoint(app, importsApi.downloadImportErrors, async ({ principal, query, reply }) => {
    await files.downloadImportErrors(principal, query.selected, reply);
    return undefined;
  });
  registerEndpoint(app, importsApi.report, async ({ principal, query, reply }) => {
    await files.report(principal, query.selected, reply);
    return undefined;
  });
  registerEndpoint(app, importsApi.list, ({ principal, query }) => imports.list(principal, query));
  registerEndpoint(app, importsApi.listReduced, ({ principal, query }) => imports.listReduced(principal, query.type));
  registerEndpoint(app, importsApi.usersWithImportForCombo, ({ principal }) =>
    imports.usersWithImportForCombo(principal),
  );
  registerEndpoint(app, importsApi.detail, ({ principal, query }) => imports.detail(principal, query.selected));
  registerEndpoint(app, importsApi.refreshTable, ({ principal, query }) =>
    imports.refreshTable(principal, query.selected),
  );
  registerEndpoint(app, importsApi.retryErrors, ({ principal, query }) => retry.retryErrors(principal, query.selected));
  registerEndpoint(app, importsApi.retryRows, ({ principal, body }) => retry.retryRows(principal, body));
}
