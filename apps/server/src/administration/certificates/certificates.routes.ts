import { administrationApi } from '@sello/contracts/catalogue/administration';
import type { TAppContext } from '../../app-context.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createCertificatesService } from './certificates.service.ts';

export function registerCertificateRoutes({ app, db, certificateKey }: TAppContext): void {
  const certificates = createCertificatesService({ db, certificateKey });

  registerEndpoint(app, administrationApi.certificatesRead, ({ principal, query }) =>
    certificates.list(principal, query),
  );
  registerEndpoint(app, administrationApi.certificatesDetail, ({ principal, query }) =>
    certificates.detail(principal, query.selected),
  );
  registerEndpoint(app, administrationApi.certificatesNew, ({ principal, query, body }) =>
    certificates.create(principal, query.domainid, body),
  );
  registerEndpoint(app, administrationApi.certificatesUpdate, ({ principal, body }) =>
    certificates.update(principal, body),
  );
  registerEndpoint(app, administrationApi.certificatesDelete, async ({ principal, params }) => {
    await certificates.remove(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, administrationApi.certificatesRecover, async ({ principal, params }) => {
    await certificates.recover(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, administrationApi.certificatesExport, async ({ principal, query, reply }) => {
    const file = certificates.exportList(principal, query);
    return sendExcel(reply, file.fileName, file.sheetName, file.columns, file.rows);
  });
  registerEndpoint(app, administrationApi.certificatesByDomain, ({ principal, query }) =>
    certificates.byDomain(principal, query.domainid),
  );
}
