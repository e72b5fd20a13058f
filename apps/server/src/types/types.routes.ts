import { typesApi } from '@sello/contracts/catalogue/types';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { typeLookups } from './type-lookups.ts';
import { createTypeWorkflowService } from './type-workflow.service.ts';
import { createTypesService } from './types.service.ts';
import { readXforms } from './xforms-read.ts';

const ok = { ok: true as const };

export function registerTypesRoutes({ app, db }: TAppContext): void {
  const types = createTypesService(db);
  const workflow = createTypeWorkflowService(db);

  registerEndpoint(app, typesApi.read, ({ principal, query }) => types.read(principal, query.companySelected));
  registerEndpoint(app, typesApi.readList, ({ principal, query }) => types.readList(principal, query));
  registerEndpoint(app, typesApi.export, ({ principal, query, reply }) => types.exportList(principal, query, reply));
  registerEndpoint(app, typesApi.detail, ({ principal, query }) => types.detail(principal, query.typeSelected));
  registerEndpoint(app, typesApi.new, ({ principal, body }) => types.create(principal, body));
  registerEndpoint(app, typesApi.update, ({ principal, body }) => types.update(principal, body));
  registerEndpoint(app, typesApi.updateTypeOrder, async ({ principal, body }) => {
    await types.updateTypeOrder(principal, body.typesOrder);
    return ok;
  });
  registerEndpoint(app, typesApi.delete, async ({ principal, params }) => {
    await types.remove(principal, params.id);
    return ok;
  });
  registerEndpoint(app, typesApi.recover, async ({ principal, params }) => {
    await types.recover(principal, params.id);
    return ok;
  });

  registerEndpoint(app, typesApi.wfUsers, ({ principal, query }) => workflow.wfUsers(principal, query.typeId));
  registerEndpoint(app, typesApi.wfGroups, ({ principal, query }) => workflow.wfGroups(principal, query.typeId));
  registerEndpoint(app, typesApi.saveWfUsers, async ({ principal, body }) => {
    await workflow.saveWfUsers(principal, body.typeId, body.wfUsers);
    return ok;
  });
  registerEndpoint(app, typesApi.shippingTypesForCombo, ({ principal, query }) =>
    workflow.shippingTypesForCombo(principal, query.companies),
  );

  registerEndpoint(app, typesApi.importXforms, async ({ body }) => readXforms(body.params.data));
  registerEndpoint(app, typesApi.xformShippingType, ({ principal, body }) =>
    types.saveXforms(principal, body.params.typeId, body.params.data),
  );

  registerEndpoint(app, typesApi.custodyTime, async ({ query }) => typeLookups.custodyTime(query.service));
  registerEndpoint(app, typesApi.step, async ({ query }) => typeLookups.step(query.service));
  registerEndpoint(app, typesApi.signMethods, async ({ query }) => typeLookups.signMethods(query.service));
  registerEndpoint(app, typesApi.metapropLocations, async ({ query }) =>
    typeLookups.metapropLocations(query.idCardService),
  );
  registerEndpoint(app, typesApi.placement, async () => typeLookups.placement());
  registerEndpoint(app, typesApi.elements, async () => typeLookups.elements());
}
