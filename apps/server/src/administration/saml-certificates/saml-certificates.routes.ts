import { samlCertificatesApi } from '@sello/contracts/catalogue/administration-saml-certificates';
import type { TAppContext } from '../../app-context.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createSamlCertificatesService } from './saml-certificates.service.ts';

export function registerSamlCertificateRoutes({ app, db }: TAppContext): void {
  const saml = createSamlCertificatesService({ db });

  registerEndpoint(app, samlCertificatesApi.read, ({ principal, query }) => saml.read(principal, query));
  registerEndpoint(app, samlCertificatesApi.detail, ({ principal, query }) => saml.detail(principal, query.selected));
  registerEndpoint(app, samlCertificatesApi.new, ({ principal, query, body }) =>
    saml.create(principal, query.domainid, body),
  );
  registerEndpoint(app, samlCertificatesApi.update, ({ principal, body }) => saml.update(principal, body));
  registerEndpoint(app, samlCertificatesApi.delete, async ({ principal, params }) => {
    await saml.remove(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, samlCertificatesApi.recover, async ({ principal, params }) => {
    await saml.recover(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, samlCertificatesApi.export, async ({ principal, query, reply }) => {
    const file = saml.exportList(principal, query);
    return sendExcel(reply, file.fileName, file.sheetName, file.columns, file.rows);
  });
}
