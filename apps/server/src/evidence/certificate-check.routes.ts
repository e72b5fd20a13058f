import {
  CERTIFICATE_CHECK_MAX_BODY,
  CERTIFICATE_CHECKS_PER_MINUTE,
  certificateCheckApi,
} from '@sello/contracts/catalogue/certificate-check';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../app-context.ts';
import { notFound } from '../platform/api-error.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createCertificateCheckService } from './certificate-check.service.ts';
import { createSealLoader } from './seal.ts';
import { collectValidationData } from './validation-data.ts';

/** The public verification page's calls: no session, a bounded body, a few calls a minute per address. */
export function registerCertificateCheckRoutes(ctx: TAppContext): void {
  const loadSeal = createSealLoader(ctx.config, ctx.app.log);
  const service = createCertificateCheckService({ db: ctx.db, blobs: ctx.blobs, loadSeal });
  const perAddress = {
    config: {
      rateLimit: {
        max: CERTIFICATE_CHECKS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `certificate-check:${request.ip}`,
      },
    },
  };
  registerEndpoint(ctx.app, certificateCheckApi.checkFile, ({ body }) => service.checkFile(body.content), {
    ...perAddress,
    bodyLimit: CERTIFICATE_CHECK_MAX_BODY,
  });
  registerEndpoint(ctx.app, certificateCheckApi.checkCode, ({ params }) => service.checkCode(params.code), perAddress);
  // The demo CA publishes its CRL here as well as in every signed file's DSS (where a real seal's CA publishes its own).
  registerEndpoint(ctx.app, certificateCheckApi.demoSealCrl, async ({ reply }) => {
    const seal = await loadSeal();
    if (!seal.demoCaKey) throw notFound();
    const [crl] = (await collectValidationData(seal)).crls;
    return reply
      .header('content-type', 'application/pkix-crl')
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', 'attachment; filename="demo-seal-ca.crl"')
      .send(crl);
  });
}
