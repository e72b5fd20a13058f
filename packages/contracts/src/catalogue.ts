import { accountApi } from './catalogue/account.ts';
import { adminApi } from './catalogue/admin.ts';
import { auditApi } from './catalogue/administration-audit.ts';
import { certificatesApi } from './catalogue/administration-certificates.ts';
import { companiesApi } from './catalogue/administration-companies.ts';
import { domainsApi } from './catalogue/administration-domains.ts';
import { groupsApi } from './catalogue/administration-groups.ts';
import { identityProvidersApi } from './catalogue/administration-identity-providers.ts';
import { rolesApi } from './catalogue/administration-roles.ts';
import { samlCertificatesApi } from './catalogue/administration-saml-certificates.ts';
import { settingsApi } from './catalogue/administration-settings.ts';
import { usersApi } from './catalogue/administration-users.ts';
import { certificateCheckApi } from './catalogue/certificate-check.ts';
import { configurationApi } from './catalogue/configuration.ts';
import { deliveryApi } from './catalogue/delivery.ts';
import { downloadApi } from './catalogue/download.ts';
import { draftsApi } from './catalogue/drafts.ts';
import { evidenceApi } from './catalogue/evidence.ts';
import { importsApi } from './catalogue/imports.ts';
import { apiKeysApi } from './catalogue/integration-api-keys.ts';
import { webhooksApi } from './catalogue/integration-webhooks.ts';
import { portalApi } from './catalogue/portal.ts';
import { portalHandOverApi } from './catalogue/portal-hand-over.ts';
import { portalHandwrittenApi } from './catalogue/portal-handwritten.ts';
import { portalPkiApi } from './catalogue/portal-pki.ts';
import { postalApi } from './catalogue/postal.ts';
import { securityApi } from './catalogue/security.ts';
import { samlApi } from './catalogue/security-saml.ts';
import { shippingsActionsApi } from './catalogue/shippings-actions.ts';
import { shippingsCreateApi } from './catalogue/shippings-create.ts';
import { shippingsDashboardApi } from './catalogue/shippings-dashboard.ts';
import { shippingsDetailApi } from './catalogue/shippings-detail.ts';
import { shippingsFilesApi } from './catalogue/shippings-files.ts';
import { shippingsHandOverApi } from './catalogue/shippings-hand-over.ts';
import { shippingsListApi } from './catalogue/shippings-list.ts';
import { shippingsReportApi } from './catalogue/shippings-report.ts';
import { templatesApi } from './catalogue/templates.ts';
import { twoFactorAdminApi, twoFactorApi } from './catalogue/two-factor.ts';
import { typesApi } from './catalogue/types.ts';
import type { TEndpoint } from './endpoint.ts';

/**
 * The administration entries keep their flat ids (`administration.companiesRead`); each entity file
 * names them by the last segment of their path (`companiesApi.read`).
 */
const administrationApi = {
  domainsRead: domainsApi.read,
  domainsDetail: domainsApi.detail,
  domainsNew: domainsApi.new,
  domainsUpdate: domainsApi.update,
  domainsDelete: domainsApi.delete,
  domainsRecover: domainsApi.recover,
  domainsExport: domainsApi.export,
  domainsTypesDocument: domainsApi.typesDocument,
  domainsUpdateTypesDocument: domainsApi.updateTypesDocument,
  domainsUpdateAdvComTemplate: domainsApi.updateAdvComTemplate,
  domainsAdvanceComTemplate: domainsApi.advanceComTemplate,
  domainsTypeComTemplate: domainsApi.typeComTemplate,
  domainsDomainTypes: domainsApi.domainTypes,
  domainsAllDomains: domainsApi.allDomains,
  certificatesRead: certificatesApi.read,
  certificatesDetail: certificatesApi.detail,
  certificatesNew: certificatesApi.new,
  certificatesUpdate: certificatesApi.update,
  certificatesDelete: certificatesApi.delete,
  certificatesRecover: certificatesApi.recover,
  certificatesExport: certificatesApi.export,
  certificatesByDomain: certificatesApi.certificatesByDomain,
  samlCertificatesRead: samlCertificatesApi.read,
  samlCertificatesDetail: samlCertificatesApi.detail,
  samlCertificatesNew: samlCertificatesApi.new,
  samlCertificatesUpdate: samlCertificatesApi.update,
  samlCertificatesDelete: samlCertificatesApi.delete,
  samlCertificatesRecover: samlCertificatesApi.recover,
  samlCertificatesExport: samlCertificatesApi.export,
  identityProvidersRead: identityProvidersApi.read,
  identityProvidersDetail: identityProvidersApi.detail,
  identityProvidersNew: identityProvidersApi.new,
  identityProvidersUpdate: identityProvidersApi.update,
  identityProvidersDelete: identityProvidersApi.delete,
  identityProvidersRecover: identityProvidersApi.recover,
  identityProvidersVerifyDomain: identityProvidersApi.verifyDomain,
  identityProvidersRevokeDomain: identityProvidersApi.revokeDomain,
  identityProvidersMailDomainLink: identityProvidersApi.mailDomainLink,
  auditRead: auditApi.read,
  auditExport: auditApi.export,
  settingsRead: settingsApi.read,
  settingsUpdate: settingsApi.update,
  settingsDomain: settingsApi.domain,
  settingsUpdateDomain: settingsApi.updateDomain,
  usersRead: usersApi.read,
  usersDetail: usersApi.detail,
  usersNew: usersApi.new,
  usersUpdate: usersApi.update,
  usersDelete: usersApi.delete,
  usersRecover: usersApi.recover,
  usersUnblock: usersApi.unblock,
  usersExport: usersApi.export,
  usersImport: usersApi.importUsers,
  usersWithRequestsByCompanies: usersApi.usersWithRequestsByCompanies,
  usersByDomain: usersApi.usersByDomain,
  usersResetTwoFactor: twoFactorAdminApi.resetTwoFactor,
  companiesRead: companiesApi.read,
  companiesExport: companiesApi.export,
  companiesNew: companiesApi.new,
  companiesUpdate: companiesApi.update,
  companiesDelete: companiesApi.delete,
  companiesRecover: companiesApi.recover,
  companiesDetail: companiesApi.detail,
  companiesByDomain: companiesApi.companiesByDomain,
  groupsRead: groupsApi.read,
  groupsExport: groupsApi.export,
  groupsUpdate: groupsApi.update,
  groupsNew: groupsApi.new,
  groupsDetail: groupsApi.detail,
  groupsDelete: groupsApi.delete,
  groupsRecover: groupsApi.recover,
  groupsByDomain: groupsApi.groupsByDomain,
  rolesList: rolesApi.rolesList,
} as const;

/** The shipping entries, split by topic, in the order of spec §7. */
const shippingsApi = {
  list: shippingsListApi.list,
  sendRequest: shippingsCreateApi.sendRequest,
  previewMessage: shippingsCreateApi.previewMessage,
  smsCount: shippingsCreateApi.smsCount,
  detail: shippingsDetailApi.detail,
  samlAccess: shippingsDetailApi.samlAccess,
  auths: shippingsDetailApi.auths,
  authorize: shippingsActionsApi.authorize,
  retry: shippingsActionsApi.retry,
  retryList: shippingsActionsApi.retryList,
  deleteList: shippingsActionsApi.deleteList,
  denyList: shippingsActionsApi.denyList,
  deny: shippingsActionsApi.deny,
  delete: shippingsActionsApi.delete,
  cancel: shippingsActionsApi.cancel,
  recover: shippingsActionsApi.recover,
  signatures: shippingsDetailApi.signatures,
  sendAccessCommunication: shippingsActionsApi.sendAccessCommunication,
  handOver: shippingsHandOverApi.handOver,
  urlVideoDownload: shippingsDetailApi.urlVideoDownload,
  readOriginalFile: shippingsFilesApi.readOriginalFile,
  downloadFile: shippingsFilesApi.downloadFile,
  downloadAuthFile: shippingsFilesApi.downloadAuthFile,
  downloadPtRequest: shippingsFilesApi.downloadPtRequest,
  downloadFiles: shippingsFilesApi.downloadFiles,
  numberDownloadFiles: shippingsFilesApi.numberDownloadFiles,
  report: shippingsReportApi.report,
  listTypes: shippingsListApi.listTypes,
  dashboard: shippingsDashboardApi.dashboard,
} as const;

/** Every call of spec §7, one group per API area. */
export const API_GROUPS = {
  security: securityApi,
  saml: samlApi,
  account: accountApi,
  configuration: configurationApi,
  admin: adminApi,
  shippings: shippingsApi,
  imports: importsApi,
  administration: administrationApi,
  types: typesApi,
  templates: templatesApi,
  download: downloadApi,
  delivery: deliveryApi,
  postal: postalApi,
  portal: { ...portalApi, ...portalHandwrittenApi, ...portalPkiApi, ...portalHandOverApi },
  evidence: { ...evidenceApi, ...certificateCheckApi },
  twoFactor: twoFactorApi,
  drafts: draftsApi,
  integration: {
    apiKeysList: apiKeysApi.list,
    apiKeysNew: apiKeysApi.create,
    apiKeysRotate: apiKeysApi.rotate,
    apiKeysRevoke: apiKeysApi.revoke,
    webhooksList: webhooksApi.list,
    webhooksNew: webhooksApi.create,
    webhooksRotateSecret: webhooksApi.rotateSecret,
    webhooksSetEnabled: webhooksApi.setEnabled,
    webhooksDeliveries: webhooksApi.deliveries,
    webhooksSendAgain: webhooksApi.sendAgain,
    webhooksDelete: webhooksApi.remove,
  },
} as const;

export const CATALOGUE: readonly TEndpoint[] = Object.values(API_GROUPS).flatMap((group) => Object.values(group));
