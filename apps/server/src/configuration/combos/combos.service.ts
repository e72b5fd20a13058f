import type { TPickerItem } from '@sello/contracts/common';
import { type Language, LIMITS, PREFERENCES } from '@sello/contracts/constants';
import type { IdentityDocumentType } from '@sello/contracts/reference/identity-documents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/api-error.ts';
import { toIsoDay } from '../../platform/iso-date.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canUseCompany, resolveDomainScope } from '../../platform/tenancy.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import {
  domainExists,
  selectCompanyUsers,
  selectDomainConfiguration,
  selectLiveCompanies,
  selectSigningCertificates,
} from './combos.queries.ts';
import {
  documentCategories,
  identityDocumentType,
  identityDocumentTypes,
  noticeMethods,
  servicesConfiguration,
  type TDomainAllowances,
} from './reference-lists.ts';

type Deps = { db: Kysely<Database>; preferences: TPreferences };

/** The texts' language: the one asked, else the signed-in user's. */
export function languageOf(principal: TPrincipal, lang: Language | undefined): Language {
  return lang ?? principal.language;
}

/** The configuration combos that depend on the caller: their domain's contract and their companies. */
export function createCombosService({ db, preferences }: Deps) {
  async function allowancesOf(domainId: string): Promise<TDomainAllowances & { documentTypes: string[] | null }> {
    const row = await selectDomainConfiguration(db, domainId);
    return {
      serviceKinds: row?.serviceKinds ?? null,
      channels: row?.channels ?? null,
      documentTypes: row?.identityDocumentTypes ?? null,
    };
  }

  /**
   * The companies named by the client, when the caller may use every one of them; otherwise 404, so a
   * company of another domain (or one the caller is not assigned to) answers exactly like one that
   * does not exist and nothing of it is read.
   */
  async function usableCompanies(principal: TPrincipal, ids: readonly number[]) {
    const unique = [...new Set(ids.map(String))];
    const companies = await selectLiveCompanies(db, unique);
    if (companies.length !== unique.length || !companies.every((company) => canUseCompany(principal, company))) {
      throw notFound();
    }
    return companies;
  }

  async function certificatesFor(principal: TPrincipal, ids: readonly number[]): Promise<TPickerItem[]> {
    const companies = await usableCompanies(principal, ids);
    const domainIds = [...new Set(companies.map((company) => company.domainId))];
    const rows = await selectSigningCertificates(db, domainIds, LIMITS.onlineLimit);
    return rows.map((row) => ({
      value: Number(row.id),
      text: row.name,
      description: [row.commonName, toIsoDay(row.validTo)].filter(Boolean).join(' · '),
      blocked: false,
    }));
  }

  async function usersFor(principal: TPrincipal, ids: readonly number[], onlyAuthorisers: boolean) {
    const companies = await usableCompanies(principal, ids);
    const rows = await selectCompanyUsers(
      db,
      companies.map((company) => company.id),
      onlyAuthorisers,
      LIMITS.onlineLimit,
    );
    return rows.map(
      (row): TPickerItem => ({
        value: Number(row.id),
        text: row.name,
        description: row.username,
        blocked: row.blocked,
      }),
    );
  }

  return {
    async getPreferenceNumDownload() {
      return { value: await preferences.get(PREFERENCES.numDownload) };
    },

    async docIdType(principal: TPrincipal, domain: number | undefined, language: Language) {
      const domainId = resolveDomainScope(principal, domain);
      if (domainId !== principal.domainId && !(await domainExists(db, domainId))) throw notFound();
      return identityDocumentTypes((await allowancesOf(domainId)).documentTypes, language);
    },

    docIdTypeByCode: (code: IdentityDocumentType, language: Language) => identityDocumentType(code, language),

    getTypesDocument(onlyDefault: boolean, language: Language) {
      const all = documentCategories(language);
      return onlyDefault ? all.filter((category) => category.isDefault) : all;
    },

    async getServicesConfiguration(principal: TPrincipal, language: Language) {
      return servicesConfiguration(await allowancesOf(principal.domainId), language);
    },

    async noticeMethods(principal: TPrincipal, language: Language) {
      return noticeMethods(await allowancesOf(principal.domainId), language);
    },

    certificatesByCompany: (principal: TPrincipal, companyId: number) => certificatesFor(principal, [companyId]),
    certificatesBySelectedCompanies: (principal: TPrincipal, ids: number[]) => certificatesFor(principal, ids),
    usersBySelectedCompanies: (principal: TPrincipal, ids: number[]) => usersFor(principal, ids, false),
    authUsersBySelectedCompanies: (principal: TPrincipal, ids: number[]) => usersFor(principal, ids, true),
  };
}
