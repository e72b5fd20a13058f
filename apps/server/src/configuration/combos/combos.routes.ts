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
  registerEndpoint(app, configurationApi.getPreferenceNumDownload, () => combos.getPreferenceNumDownload());
  registerEndpoint(app, configurationApi.getFileTypes, async () => shippingFileTypes());
  registerEndpoint(app, configurationApi.countriesPostal, async ({ principal, query }) =>
    postalCountries(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.countriesJC, async ({ principal, query }) =>
    identityDocumentCountries(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.streetType, async ({ principal, query }) =>
    streetTypes(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.streetNumType, async ({ principal, query }) =>
    streetNumberTypes(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.docIdType, ({ principal, query }) =>
    combos.docIdType(principal, query.domain, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.docIdTypeByCode, async ({ principal, query }) =>
    combos.docIdTypeByCode(query.code, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.getTypesDocument, async ({ principal, query }) =>
    combos.getTypesDocument(query.default === true, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.getSignMethods, async ({ principal, query }) =>
    signMethods(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.getServicesConfiguration, ({ principal, query }) =>
    combos.getServicesConfiguration(principal, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.services, async ({ principal, query }) =>
    services(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.noticeMethods, ({ principal, query }) =>
    combos.noticeMethods(principal, languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.idCardLanguages, async ({ principal, query }) =>
    identificationPageLanguages(languageOf(principal, query.lang)),
  );
  registerEndpoint(app, configurationApi.certificatesByCompany, ({ principal, query }) =>
    combos.certificatesByCompany(principal, query.companyId),
  );
  registerEndpoint(app, configurationApi.certificatesBySelectedCompanies, ({ principal, query }) =>
    combos.certificatesBySelectedCompanies(principal, query.ids),
  );
  registerEndpoint(app, configurationApi.usersBySelectedCompanies, ({ principal, query }) =>
    combos.usersBySelectedCompanies(principal, query.ids),
  );
  registerEndpoint(app, configurationApi.authUsersBySelectedCompanies, ({ principal, query }) =>
    combos.authUsersBySelectedCompanies(principal, query.ids),
  );
}
