import { accountApi } from '@sello/contracts/catalogue/account';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createAccountService } from './account.service.ts';

export function registerAccountRoutes({ app, db, config }: TAppContext): void {
  const account = createAccountService({ db, passwordMinLength: config.PASSWORD_MIN_LENGTH });

  // `selected` is accepted for compatibility; an account only ever reads itself.
  registerEndpoint(app, accountApi.read, ({ principal }) => account.read(principal));
  registerEndpoint(app, accountApi.update, ({ principal, body }) => account.update(principal, body));
  registerEndpoint(app, accountApi.updateLanguage, async ({ principal, body }) => {
    await account.updateLanguage(principal, body.language);
    return { ok: true as const };
  });
  registerEndpoint(app, accountApi.userCompaniesList, ({ principal }) => account.userCompaniesList(principal.userId));
}
