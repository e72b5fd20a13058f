import { auditApi } from '@sello/contracts/catalogue/administration-audit';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createAuditService } from './audit.service.ts';

export function registerAuditRoutes({ app, db }: TAppContext): void {
  const audit = createAuditService(db);
  registerEndpoint(app, auditApi.read, ({ principal, query }) => audit.read(principal, query));
  registerEndpoint(app, auditApi.export, ({ principal, query, reply }) => audit.exportList(principal, query, reply));
}
