import { entityTaxId } from '../../test/admin-fixtures.ts';
import {
  type Code,
  certificateFixture,
  csv,
  domainIds,
  fixture,
  get,
  identityProviderBody,
  next,
  P12_PASSWORD,
  p12,
  type Rule,
  recover,
  remove,
  SEEDED_TAX_ID,
  samlPem,
  seededCompany,
  type TRequest,
} from './administration-matrix-setup.ts';

/** How each endpoint is called against a domain, and which rule decides who may. */
export const CASES: Record<string, { rule: Rule; build: (code: Code) => Promise<TRequest> }> = {
  domainsRead: { rule: 'domain', build: async (code) => get(`domains/read?domainid=${domainIds[code]}`) },
  domainsDetail: { rule: 'domain', build: async (code) => get(`domains/detail?selected=${domainIds[code]}`) },
  domainsNew: {
    rule: 'domainSuper',
    build: async () => {
      const n = next();
      return { method: 'POST', path: 'domains/new', body: { code: `MXN${n}`, name: `Matrix new ${n}` } };
    },
  },
  domainsUpdate: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: 'domains/update',
      body: {
        id: domainIds[code],
        code,
        name: code === 'DEMO' ? 'Sello Demo' : 'Acme Logistics',
        description: 'Changed by the matrix',
      },
      record: { table: 'domains', id: domainIds[code] },
    }),
  },
  domainsDelete: {
    rule: 'domainSuper',
    build: async () => {
      const id = await fixture.domain();
      return { method: 'DELETE', path: `domains/delete/${id}`, record: { table: 'domains', id } };
    },
  },
  domainsRecover: {
    rule: 'domainSuper',
    build: async () => {
      const id = await fixture.domain(true);
      return { method: 'PUT', path: `domains/recover/${id}`, record: { table: 'domains', id } };
    },
  },
  domainsExport: { rule: 'domain', build: async (code) => get(`domains/export?domainid=${domainIds[code]}`) },
  auditRead: { rule: 'domain', build: async (code) => get(`audit/read?domainid=${domainIds[code]}`) },
  auditExport: { rule: 'domain', build: async (code) => get(`audit/export?domainid=${domainIds[code]}`) },
  settingsRead: { rule: 'domainSuper', build: async () => get('settings/read') },
  settingsUpdate: {
    rule: 'domainSuper',
    build: async () => ({
      method: 'PUT',
      path: 'settings/update',
      body: { RELEASES_URL: `https://releases.matrix.test/${next()}` },
    }),
  },
  settingsDomain: { rule: 'domain', build: async (code) => get(`settings/domain?domainid=${domainIds[code]}`) },
  settingsUpdateDomain: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: 'settings/updateDomain',
      body: { domainId: domainIds[code], sessionTimeMinutes: 30 + (next() % 60) },
    }),
  },
  domainsTypesDocument: { rule: 'domain', build: async (code) => get(`domains/typesdocument/${domainIds[code]}`) },
  domainsUpdateTypesDocument: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: `domains/updateTypesDocument/${domainIds[code]}`,
      body: { listOfTypes: [] },
    }),
  },
  domainsUpdateAdvComTemplate: {
    rule: 'domain',
    build: async (code) => ({
      method: 'PUT',
      path: `domains/updateAdvComTemplate/${domainIds[code]}`,
      body: { advancedComTemplates: [] },
    }),
  },
  domainsAdvanceComTemplate: {
    rule: 'domain',
    build: async (code) => get(`domains/advanceComTemplate?domain=${domainIds[code]}`),
  },
  domainsTypeComTemplate: { rule: 'domainSuper', build: async () => get('domains/typeComTemplate') },
  domainsDomainTypes: { rule: 'domainSuper', build: async () => get('domains/domainTypes') },
  domainsAllDomains: { rule: 'domainSuper', build: async () => get('domains/allDomains') },

  certificatesRead: { rule: 'admin', build: async (code) => get(`certificates/read?domainid=${domainIds[code]}`) },
  certificatesDetail: {
    rule: 'admin',
    build: async (code) => get(`certificates/detail?selected=${await certificateFixture.certificate(code)}`),
  },
  certificatesNew: {
    rule: 'admin',
    build: async (code) => ({
      method: 'POST',
      path: `certificates/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}`, content: p12, password: P12_PASSWORD },
    }),
  },
  certificatesUpdate: {
    rule: 'admin',
    build: async (code) => {
      const id = await certificateFixture.certificate(code);
      return {
        method: 'PUT',
        path: 'certificates/update',
        body: { id, name: `Renamed by the matrix ${next()}` },
        record: { table: 'certificates', id },
      };
    },
  },
  certificatesDelete: {
    rule: 'admin',
    build: async (code) => remove('certificates', await certificateFixture.certificate(code)),
  },
  certificatesRecover: {
    rule: 'admin',
    build: async (code) => recover('certificates', await certificateFixture.certificate(code, true)),
  },
  certificatesExport: { rule: 'admin', build: async (code) => get(`certificates/export?domainid=${domainIds[code]}`) },
  certificatesByDomain: {
    rule: 'admin',
    build: async (code) => get(`certificates/certificatesByDomain?domainid=${domainIds[code]}`),
  },

  samlCertificatesRead: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/read?domainid=${domainIds[code]}`),
  },
  samlCertificatesDetail: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/detail?selected=${await certificateFixture.samlCertificate(code)}`),
  },
  samlCertificatesNew: {
    rule: 'saml',
    build: async (code) => ({
      method: 'POST',
      path: `samlcertificates/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}`, entityId: 'https://idp.matrix.test', content: samlPem },
    }),
  },
  samlCertificatesUpdate: {
    rule: 'saml',
    build: async (code) => {
      const id = await certificateFixture.samlCertificate(code);
      return {
        method: 'PUT',
        path: 'samlcertificates/update',
        body: { id, name: `Renamed by the matrix ${next()}`, entityId: 'https://idp.renamed.test' },
        record: { table: 'saml_certificates', id },
      };
    },
  },
  samlCertificatesDelete: {
    rule: 'saml',
    build: async (code) => remove('saml_certificates', await certificateFixture.samlCertificate(code)),
  },
  samlCertificatesRecover: {
    rule: 'saml',
    build: async (code) => recover('saml_certificates', await certificateFixture.samlCertificate(code, true)),
  },
  samlCertificatesExport: {
    rule: 'saml',
    build: async (code) => get(`samlcertificates/export?domainid=${domainIds[code]}`),
  },

  identityProvidersRead: {
    rule: 'identityProviders',
    build: async (code) => get(`identityProviders/read?domainid=${domainIds[code]}`),
  },
  identityProvidersDetail: {
    rule: 'identityProviders',
    build: async (code) => get(`identityProviders/detail?selected=${await certificateFixture.identityProvider(code)}`),
  },
  identityProvidersNew: {
    rule: 'identityProviders',
    build: async (code) => ({
      method: 'POST',
      path: `identityProviders/new?domainid=${domainIds[code]}`,
      body: identityProviderBody(code),
    }),
  },
  identityProvidersUpdate: {
    rule: 'identityProviders',
    build: async (code) => {
      const id = await certificateFixture.identityProvider(code);
      const body = { ...identityProviderBody(code), id, name: `Renamed by the matrix ${next()}`, oidcClientSecret: '' };
      return { method: 'PUT', path: 'identityProviders/update', body, record: { table: 'identity_providers', id } };
    },
  },
  identityProvidersDelete: {
    rule: 'identityProviders',
    build: async (code) => remove('identity_providers', await certificateFixture.identityProvider(code)),
  },
  identityProvidersRecover: {
    rule: 'identityProviders',
    build: async (code) => recover('identity_providers', await certificateFixture.identityProvider(code, true)),
  },
  // E-mail domain claims: verified or revoked by super admins only; the link mailed by whoever configures providers.
  identityProvidersVerifyDomain: {
    rule: 'domainSuper',
    build: async (code) => {
      const id = await certificateFixture.emailDomainClaim(code);
      return {
        method: 'PUT',
        path: `identityProviders/verifyDomain/${id}`,
        record: { table: 'identity_provider_email_domains', id },
      };
    },
  },
  identityProvidersRevokeDomain: {
    rule: 'domainSuper',
    build: async (code) => {
      const id = await certificateFixture.emailDomainClaim(code, true);
      return {
        method: 'PUT',
        path: `identityProviders/revokeDomain/${id}`,
        record: { table: 'identity_provider_email_domains', id },
      };
    },
  },
  identityProvidersMailDomainLink: {
    rule: 'identityProviders',
    build: async (code) => {
      const id = await certificateFixture.emailDomainClaim(code);
      return {
        method: 'POST',
        path: 'identityProviders/mailDomainLink',
        body: { claimId: id, mailbox: 'postmaster' },
        record: { table: 'identity_provider_email_domains', id },
      };
    },
  },

  usersRead: { rule: 'admin', build: async (code) => get(`users/read?domainid=${domainIds[code]}`) },
  usersDetail: { rule: 'admin', build: async (code) => get(`users/detail?selected=${(await fixture.user(code)).id}`) },
  usersNew: {
    rule: 'admin',
    build: async (code) => {
      const n = next();
      const userid = `matrix-${code.toLowerCase()}.new${n}`;
      return {
        method: 'POST',
        path: `users/new?domainid=${domainIds[code]}`,
        body: {
          userid,
          name: `MATRIX-${code} new ${n}`,
          email: `${userid}@matrix.local`,
          language: 'es-es',
          roleId: 5,
          companyIds: [seededCompany[code]],
        },
      };
    },
  },
  usersUpdate: {
    rule: 'admin',
    build: async (code) => {
      const user = await fixture.user(code);
      return {
        method: 'PUT',
        path: 'users/update',
        body: {
          id: user.id,
          userid: user.username,
          name: 'Renamed by the matrix',
          email: `${user.username}@matrix.local`,
          language: 'en-en',
          roleId: 5,
          companyIds: [seededCompany[code]],
        },
        record: { table: 'users', id: user.id },
      };
    },
  },
  usersDelete: { rule: 'admin', build: async (code) => remove('users', (await fixture.user(code)).id) },
  usersRecover: {
    rule: 'admin',
    build: async (code) => recover('users', (await fixture.user(code, { deleted: true })).id),
  },
  usersUnblock: {
    rule: 'admin',
    build: async (code) => {
      const { id } = await fixture.user(code, { blocked: true });
      return { method: 'PUT', path: `users/unblock/${id}`, record: { table: 'users', id } };
    },
  },
  usersResetTwoFactor: {
    rule: 'admin',
    build: async (code) => {
      const { id } = await fixture.user(code);
      return { method: 'PUT', path: `users/resetTwoFactor/${id}`, record: { table: 'users', id } };
    },
  },
  usersExport: { rule: 'admin', build: async (code) => get(`users/export?domainid=${domainIds[code]}`) },
  usersImport: {
    rule: 'admin',
    build: async (code) => {
      const userid = `matrix-${code.toLowerCase()}.imp${next()}`;
      return {
        method: 'POST',
        path: `users/importUsers?domainid=${domainIds[code]}`,
        body: {
          data: csv(
            `userid,name,email,role,companies\n${userid},Imported,${userid}@matrix.local,cust_ctr_user,${SEEDED_TAX_ID[code]}\n`,
          ),
        },
      };
    },
  },
  usersWithRequestsByCompanies: {
    rule: 'companyUsers',
    build: async (code) => get(`users/usersWithRequestsByCompanies?companies=${seededCompany[code]}`),
  },
  usersByDomain: { rule: 'admin', build: async (code) => get(`users/usersByDomain?domainid=${domainIds[code]}`) },

  companiesRead: { rule: 'admin', build: async (code) => get(`companies/read?domainid=${domainIds[code]}`) },
  companiesExport: { rule: 'admin', build: async (code) => get(`companies/export?domainid=${domainIds[code]}`) },
  companiesNew: {
    rule: 'companyNew',
    build: async (code) => {
      const n = next();
      return {
        method: 'POST',
        path: `companies/new?domainid=${domainIds[code]}`,
        body: { name: `MATRIX-${code} new ${n}`, taxId: entityTaxId('N', 1_000_000 + n) },
      };
    },
  },
  companiesUpdate: {
    rule: 'companyRecord',
    build: async (code) => {
      const company = await fixture.company(code);
      return {
        method: 'POST',
        path: 'companies/update',
        body: { id: company.id, name: 'Renamed by the matrix', taxId: company.taxId },
        record: { table: 'companies', id: company.id },
      };
    },
  },
  companiesDelete: {
    rule: 'companyRecord',
    build: async (code) => remove('companies', (await fixture.company(code)).id),
  },
  companiesRecover: {
    rule: 'companyRecord',
    build: async (code) => recover('companies', (await fixture.company(code, true)).id),
  },
  companiesDetail: {
    rule: 'companyRecord',
    build: async (code) => get(`companies/detail?selected=${(await fixture.company(code)).id}`),
  },
  companiesByDomain: {
    rule: 'admin',
    build: async (code) => get(`companies/companiesByDomain?domainid=${domainIds[code]}`),
  },

  groupsRead: { rule: 'admin', build: async (code) => get(`groups/read?domainid=${domainIds[code]}`) },
  groupsExport: { rule: 'admin', build: async (code) => get(`groups/export?domainid=${domainIds[code]}`) },
  groupsUpdate: {
    rule: 'admin',
    build: async (code) => {
      const group = await fixture.group(code);
      return {
        method: 'PUT',
        path: 'groups/update',
        body: { id: group.id, name: `Renamed by the matrix ${next()}` },
        record: { table: 'groups', id: group.id },
      };
    },
  },
  groupsNew: {
    rule: 'admin',
    build: async (code) => ({
      method: 'POST',
      path: `groups/new?domainid=${domainIds[code]}`,
      body: { name: `MATRIX-${code} new ${next()}` },
    }),
  },
  groupsDetail: {
    rule: 'admin',
    build: async (code) => get(`groups/detail?selected=${(await fixture.group(code)).id}`),
  },
  groupsDelete: { rule: 'admin', build: async (code) => remove('groups', (await fixture.group(code)).id) },
  groupsRecover: { rule: 'admin', build: async (code) => recover('groups', (await fixture.group(code, true)).id) },
  groupsByDomain: { rule: 'admin', build: async (code) => get(`groups/groupsByDomain?domainid=${domainIds[code]}`) },

  rolesList: { rule: 'admin', build: async () => get('roles/rolesList') },
};
