import { administrationApi } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createSamlCertificatesService } from './saml-certificates.service.ts';

export function registerSamlCertificateRoutes({ app, db }: TAppContext): void {
  const saml = createSamlCertificatesService({ db });

  registerEndpoint(app, administrationApi.samlCertificatesRead, ({ principal, query }) => saml.list(principal, query));
  registerEndpoint(app, administrationApi.samlCertificatesDetail, ({ principal, query }) =>
    saml.detail(principal, query.selected),
  );
  registerEndpoint(app, administrationApi.samlCertificatesNew, ({ principal, query, body }) =>
    saml.create(principal, query.domainid, body),
  );
  registerEndpoint(app, administrationApi.samlCertificatesUpdate, ({ principal, body }) =>
    saml.update(principal, body),
  );
  registerEndpoint(app, administrationApi.samlCertificatesDelete, async ({ principal, params }) => {
    await saml.remove(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, administrationApi.samlCertificatesRecover, async ({ principal, params }) => {
    await saml.recover(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, administrationApi.samlCertificatesExport, async ({ principal, query, reply }) => {
    const file = saml.exportList(principal, query);
    return sendExcel(reply, file.fileName, file.sheetName, file.columns, file.rows);
  });
}
