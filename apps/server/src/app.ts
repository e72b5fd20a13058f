import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { registerAccountRoutes } from './account/account.routes.ts';
import { registerAdminRoutes } from './admin/admin.routes.ts';
import { registerCertificateRoutes } from './administration/certificates/certificates.routes.ts';
import { registerCompaniesRoutes } from './administration/companies/companies.routes.ts';
import { registerDomainsRoutes } from './administration/domains/domains.routes.ts';
import { registerGroupsRoutes } from './administration/groups/groups.routes.ts';
import { registerIdentityProviderRoutes } from './administration/identity-providers/identity-providers.routes.ts';
import { registerRolesRoutes } from './administration/roles/roles.routes.ts';
import { registerSamlCertificateRoutes } from './administration/saml-certificates/saml-certificates.routes.ts';
import { registerSettingsRoutes } from './administration/settings/settings.routes.ts';
import { registerUsersRoutes } from './administration/users/users.routes.ts';
import type { TAppContext } from './app-context.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { createAuditJobs } from './audit/audit-jobs.ts';
import type { TConfig } from './config.ts';
import { registerConfigurationRoutes } from './configuration/configuration.routes.ts';
import type { TDatabase } from './db/database.ts';
import { registerAccessResendRoutes } from './delivery/access-resend.routes.ts';
import { createChannelAdapters } from './delivery/adapters/channel-adapters.ts';
import { createDeliveryJobs } from './delivery/delivery-jobs.ts';
import { createShippingSmsComposer } from './delivery/new-shipping-sms.ts';
import { registerProviderCallbackRoutes } from './delivery/provider-callbacks.routes.ts';
import { registerDownloadRoutes } from './download/download.routes.ts';
import { registerDraftsRoutes } from './drafts/drafts.routes.ts';
import { registerEvidenceRoutes } from './evidence/evidence.routes.ts';
import { createEvidenceJobs } from './evidence/evidence-jobs.ts';
import { createTrustLoaders } from './evidence/trust-loaders.ts';
import { registerCoreHandoverRoutes } from './federation/core-handover.routes.ts';
import { registerOidcRoutes } from './federation/oidc.routes.ts';
import { registerSamlRoutes } from './federation/saml.routes.ts';
import { createImportJobs } from './imports/import-jobs.ts';
import { registerImportsRoutes } from './imports/imports.routes.ts';
import { registerApiKeysRoutes } from './integration/api-keys.routes.ts';
import { createApiKeysService } from './integration/api-keys.service.ts';
import { createWebhookJobs } from './integration/webhook-jobs.ts';
import { registerWebhooksRoutes } from './integration/webhooks.routes.ts';
import { registerApiDocs } from './platform/api-docs.ts';
import { createBlobStores } from './platform/blob-stores.ts';
import { loadCertificateKey } from './platform/certificate-key.ts';
import { isDatabaseReady } from './platform/database-readiness.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './platform/error-handler.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { DELIVERY_JOBS, IMPORT_JOBS } from './platform/job-catalogue.ts';
import { createJobQueue } from './platform/jobs.ts';
import { createMailer } from './platform/mailer.ts';
import { registerMetrics } from './platform/metrics.ts';
import { createPgRateLimitStore, createRateLimits } from './platform/rate-limit.ts';
import { registerRequestContext } from './platform/request-context.ts';
import { registerPortalRoutes } from './portal/portal.routes.ts';
import { createPortalJobs } from './portal/portal-jobs.ts';
import { registerPostalRoutes } from './postal/postal.routes.ts';
import { createPostalAdapter } from './postal/postal-adapter.ts';
import { listenForPreferenceCacheClears } from './preferences/preference-cache-listener.ts';
import { createPreferences } from './preferences/preferences.service.ts';
import { registerPasswordRoutes } from './security/password.routes.ts';
import { registerSecurityRoutes } from './security/security.routes.ts';
import { createSecurityService } from './security/security.service.ts';
import { registerSessionHooks } from './security/session-hooks.ts';
import { registerTwoFactorRoutes } from './security/two-factor.routes.ts';
import { createSecondFactorStep } from './security/two-factor-step.ts';
import { createShippingJobs } from './shippings/shipping-jobs.ts';
import { registerShippingsRoutes } from './shippings/shippings.routes.ts';
import { registerTemplatesRoutes } from './templates/templates.routes.ts';
import { registerTypesRoutes } from './types/types.routes.ts';
import { readVersion } from './version.ts';

/** One access line per request, written when it completes, instead of Fastify's two: half the logging cost of a light call. */
class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    // Nothing is built for a line the level filters out.
    if (!(reply.log as unknown as Logger).isLevelEnabled(error ? 'error' : 'info')) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export type TBuildOptions = { config: TConfig; database: TDatabase; logger: Logger };

/** The app and the context its routes and jobs were given (tests and the seed use its services). */
export type TBuiltApp = { app: FastifyInstance; ctx: TAppContext };

export async function buildApp({ config, database, logger }: TBuildOptions): Promise<TBuiltApp> {
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    logController: new AccessLogController(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestContext(app);
  registerInputGuard(app);
  registerMetrics(app, { token: config.METRICS_TOKEN, db: database.db, pool: database.pool });

  // The security headers are worked out once (@fastify/helmet would rebuild them on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie);
  // DownloadFile arrives as an HTML form post.
  await app.register(fastifyFormbody);
  // Counted in PostgreSQL, so N copies give a client the same limit as one.
  const rateLimits = createRateLimits(database.db);
  await app.register(fastifyRateLimit, { global: false, store: createPgRateLimitStore(rateLimits) });
  await registerApiDocs(app, { version: readVersion(), perMinute: config.DOCS_RATE_LIMIT_PER_MINUTE });

  const preferences = createPreferences(database.db, config.PUBLIC_URL ?? `http://localhost:${config.PORT}/`);
  // Every copy drops its cached preferences when any copy clears them (admin/clearpreferencecache).
  const cacheListener = listenForPreferenceCacheClears(database.pool.options, preferences.dropCache, app.log);
  await cacheListener.ready;
  app.addHook('onClose', () => cacheListener.stop());
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  const security = createSecurityService({
    db: database.db,
    preferences,
    secondFactor: createSecondFactorStep(database.db),
    lock: {
      db: database.db,
      mailer,
      logger,
      maxFailedAttempts: config.LOGIN_MAX_FAILED_ATTEMPTS,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
    },
  });
  const apiKeys = createApiKeysService({
    db: database.db,
    rateLimits,
    perMinute: config.API_KEY_RATE_LIMIT_PER_MINUTE,
  });
  registerSessionHooks(app, security, config.COOKIE_SECURE, apiKeys.resolveBearer);

  const certificateKey = await loadCertificateKey(config, logger);
  const jobs = createJobQueue({
    pool: database.pool,
    db: database.db,
    logger,
    work: config.JOBS_ENABLED,
    leaseSeconds: config.JOB_LEASE_SECONDS,
  });
  const { blobs, exportFiles } = createBlobStores(config);
  const ctx: TAppContext = {
    app,
    config,
    db: database.db,
    pool: database.pool,
    preferences,
    security,
    mailer,
    version: readVersion(),
    certificateKey,
    blobs,
    exportFiles,
    jobs,
    rateLimits,
    channelAdapters: {
      ...createChannelAdapters(config, preferences),
      postal: createPostalAdapter({ db: database.db, blobs, config }),
    },
  };
  const trust = createTrustLoaders(config, app.log);
  registerSecurityRoutes(ctx);
  registerCoreHandoverRoutes(ctx);
  registerSamlRoutes(ctx);
  registerOidcRoutes(ctx);
  registerTwoFactorRoutes(ctx);
  registerPasswordRoutes(ctx);
  registerAccountRoutes(ctx);
  registerDraftsRoutes(ctx);
  registerConfigurationRoutes(ctx);
  registerAdminRoutes(ctx);
  registerDownloadRoutes(ctx);
  registerDomainsRoutes(ctx);
  registerCompaniesRoutes(ctx);
  registerGroupsRoutes(ctx);
  registerUsersRoutes(ctx);
  registerRolesRoutes(ctx);
  registerCertificateRoutes(ctx);
  registerSamlCertificateRoutes(ctx);
  registerIdentityProviderRoutes(ctx);
  registerAuditRoutes(ctx);
  registerSettingsRoutes(ctx);
  registerShippingsRoutes(ctx, createShippingSmsComposer(ctx));
  registerEvidenceRoutes(ctx);
  registerTypesRoutes(ctx);
  registerTemplatesRoutes(ctx);
  registerAccessResendRoutes(ctx);
  registerProviderCallbackRoutes(ctx);
  registerPostalRoutes(ctx);
  registerPortalRoutes(ctx, trust);
  registerImportsRoutes(ctx);
  registerApiKeysRoutes(ctx, apiKeys);
  registerWebhooksRoutes(ctx);

  await jobs.start([
    ...createShippingJobs({ db: database.db, exportFiles: ctx.exportFiles, logger: app.log, jobs }),
    ...createDeliveryJobs(ctx),
    ...createEvidenceJobs(ctx, trust),
    ...createPortalJobs(ctx),
    ...createImportJobs(ctx),
    ...createWebhookJobs({ ...ctx, logger }),
    ...createAuditJobs({ db: database.db, logger: app.log, retentionDays: config.AUDIT_RETENTION_DAYS }),
  ]);
  app.addHook('onClose', () => jobs.stop());
  // A copy that works jobs first picks up what a stopped or killed copy left behind.
  if (config.JOBS_ENABLED) await jobs.send(DELIVERY_JOBS.sweep);
  if (config.JOBS_ENABLED) await jobs.send(IMPORT_JOBS.sweep);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) =>
    (await isDatabaseReady(database.pool)) ? { status: 'ready' } : reply.code(503).send({ status: 'unavailable' }),
  );

  if (existsSync(config.consoleDistDir)) {
    await app.register(fastifyStatic, { root: config.consoleDistDir, wildcard: false, index: 'index.html' });
  }
  return { app, ctx };
}
