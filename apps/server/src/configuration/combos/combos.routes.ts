import { configurationApi } from '@sello/contracts/catalogue/configuration';
import type { TAppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../platform/register-endpoint.ts';
import { createCombosService, languageOf } from './combos.service.ts';
import {
  identificationPageLanguages,
  identityDocumentCountries,
  postalCountries,
  services,
  shippingFileTypes,
  signMethods,
  streetNumberTypes,
  streetTypes,
} from './reference-lists.ts';

/** The configuration calls the new-shipping form fills its combos from (spec §7, configuration). */
export function registerConfigurationComboRoutes({ app, db, preferences }: TAppContext): void {
  const combos = createCombosService({ db, preferences });
  const api = configurationApi;

  registerEndpoint(app, api.getPreferenceNumDownload, () => combos.numDownload());
  registerEndpoint(app, api.getFileTypes, async () => shippingFileTypes());
  registerEndpoint(app, api.countriesPostal, async ({ principal, query }) =>
    postalCountries(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.countriesJC, async ({ principal, query }) =>
    identityDocumentCountries(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.streetType, async ({ principal, query }) => streetTypes(languageOf(principal, query.lang)));
  registerEndpoint(app, api.streetNumType, async ({ principal, query }) =>
    streetNumberTypes(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.docIdType, ({ principal, query }) =>
    combos.identityDocumentTypes(principal, query.domain, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.docIdTypeByCode, async ({ principal, query }) =>
    combos.identityDocumentType(query.code, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.getTypesDocument, async ({ principal, query }) =>
    combos.documentCategories(query.default === true, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.getSignMethods, async ({ principal, query }) =>
    signMethods(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.getServicesConfiguration, ({ principal, query }) =>
    combos.servicesConfiguration(principal, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.services, async ({ principal, query }) => services(languageOf(principal, query.lang)));
  registerEndpoint(app, api.noticeMethods, ({ principal, query }) =>
    combos.noticeMethods(principal, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.idCardLanguages, async ({ principal, query }) =>
    identificationPageLanguages(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, api.certificatesByCompany, ({ principal, query }) =>
    combos.certificatesByCompany(principal, query.companyId),
  );
  registerEndpoint(app, api.certificatesBySelectedCompanies, ({ principal, query }) =>
    combos.certificatesBySelectedCompanies(principal, query.ids),
  );
  registerEndpoint(app, api.usersBySelectedCompanies, ({ principal, query }) =>
    combos.usersBySelectedCompanies(principal, query.ids),
  );
  registerEndpoint(app, api.authUsersBySelectedCompanies, ({ principal, query }) =>
    combos.authUsersBySelectedCompanies(principal, query.ids),
  );
}
