import { certificatesApi } from '@sello/contracts/catalogue/administration-certificates';
import type { TAppContext } from '../../app-context.ts';
import { sendExcel } from '../../platform/excel-export.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createCertificatesService } from './certificates.service.ts';

export function registerCertificateRoutes({ app, db, certificateKey }: TAppContext): void {
  const certificates = createCertificatesService({ db, certificateKey });

  registerEndpoint(app, certificatesApi.read, ({ principal, query }) => certificates.read(principal, query));
  registerEndpoint(app, certificatesApi.detail, ({ principal, query }) =>
    certificates.detail(principal, query.selected),
  );
  registerEndpoint(app, certificatesApi.new, ({ principal, query, body }) =>
    certificates.create(principal, query.domainid, body),
  );
  registerEndpoint(app, certificatesApi.update, ({ principal, body }) => certificates.update(principal, body));
  registerEndpoint(app, certificatesApi.delete, async ({ principal, params }) => {
    await certificates.remove(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, certificatesApi.recover, async ({ principal, params }) => {
    await certificates.recover(principal, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, certificatesApi.export, async ({ principal, query, reply }) => {
    const file = certificates.exportList(principal, query);
    return sendExcel(reply, file.fileName, file.sheetName, file.columns, file.rows);
  });
  registerEndpoint(app, certificatesApi.certificatesByDomain, ({ principal, query }) =>
    certificates.certificatesByDomain(principal, query.domainid),
  );
}
