import { draftsApi } from '@sello/contracts/catalogue/drafts';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createDraftsService } from './drafts.service.ts';

export function registerDraftsRoutes({ app, db }: TAppContext): void {
  const drafts = createDraftsService({ db });
  registerEndpoint(app, draftsApi.saveDraft, ({ principal, body }) => drafts.saveDraft(principal.userId, body));
  registerEndpoint(app, draftsApi.readDrafts, ({ principal, query }) =>
    drafts.readDrafts(principal.userId, query.form),
  );
}
