import { z } from 'zod';
import {
  pageOf,
  ZComboList,
  ZDomainIdQuery,
  ZDualList,
  ZExportQuery,
  ZFile,
  ZId,
  ZIdField,
  ZIdListQueryValue,
  ZIdParams,
  ZLanguage,
  ZOk,
  ZOptionalDomainIdQuery,
  ZPagedQuery,
  ZPickerList,
  ZSelectedQuery,
  ZTimestamp,
} from '../common.ts';
import { LIMITS, TWO_FACTOR_COOL_DOWN_HOURS } from '../constants.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { ZDomainType } from '../enums.ts';
import { isCompanyTaxId, isEmail, isEmailList, isEuVat, isRestrictedText, isUsername } from '../patterns.ts';
import { ZPermissionMap } from '../permissions.ts';

/** Spec §6: administration routes need `administration`; domains and SAML certificates one more flag. */
const ADMIN = { all: ['administration'] } as const satisfies TPermissionRule;
const DOMAINS = { all: ['administration', 'administrationDomain'] } as const satisfies TPermissionRule;
const SAML = { all: ['administration', 'administrationSaml'] } as const satisfies TPermissionRule;
/**
 * Recovering happens in the deleted-items area, which any bin flag opens (spec §6), so recovering a
 * record needs the bin flag of its kind. Domains have no bin flag and keep the domain rule.
 */
const COMPANY_BIN = { all: ['companyBin'] } as const satisfies TPermissionRule;
const GROUP_BIN = { all: ['groupBin'] } as const satisfies TPermissionRule;
const CERT_BIN = { all: ['certBin'] } as const satisfies TPermissionRule;
const SAML_BIN = { all: ['certBin', 'administrationSaml'] } as const satisfies TPermissionRule;
const USER_BIN = { all: ['userBin'] } as const satisfies TPermissionRule;

const requiredName = z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG');
const optionalText = (max: number) => z.string().trim().max(max, 'ERR_FIELD_TOO_LONG').optional();
const ZBase64DataUrl = z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]+$/, 'ERR_FIELD_INVALID');
const withId = <T extends z.ZodRawShape>(input: z.ZodObject<T>) => input.extend({ id: ZIdField });
/** Forms send '' or null for an empty optional field: both mean "none". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Who deleted a record and when: null while it is live. Lists of deleted records show them (deleted-items area). */
const deletedInfo = { deletedAt: ZTimestamp.nullable(), deletedBy: z.string().nullable() };

/** Largest custom logo, in KB, once decoded. */
export const CUSTOM_LOGO_MAX_KB = 200;
/** A logo is a PNG, JPEG, GIF or WebP image as a base64 data URL; its bytes are checked on the server. */
const ZImageDataUrl = z
  .string()
  .max(Math.ceil((CUSTOM_LOGO_MAX_KB * 1024 * 4) / 3) + 100, 'ERR_MAX_FILE_SIZE')
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE');

/**
 * Filter of a paged read that lists the deleted records of a kind instead of the live ones
 * (`filters={"deleted":true}`); it needs the bin permission of the kind.
 */
export const DELETED_FILTER = 'deleted';

// Domains

export const ZDomain = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  domainType: ZDomainType,
  active: z.boolean(),
  twoFactorCoolDownHours: z.number().int(),
  companies: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TDomain = z.infer<typeof ZDomain>;

export const ZDomainDetail = ZDomain.extend({ customLogo: z.string().nullable() });
export type TDomainDetail = z.infer<typeof ZDomainDetail>;

export const ZDomainInput = z.object({
  /** Short code of the tenant, unique among live domains. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9_-]{1,29}$/, 'ERR_FIELD_INVALID'),
  name: requiredName,
  description: optionalField(z.string().trim().max(500, 'ERR_FIELD_TOO_LONG')),
  domainType: ZDomainType.default('ENTERPRISE'),
  active: z.boolean().default(true),
  twoFactorCoolDownHours: z
    .number()
    .int('ERR_FIELD_INVALID')
    .min(TWO_FACTOR_COOL_DOWN_HOURS.min, 'ERR_FIELD_INVALID')
    .max(TWO_FACTOR_COOL_DOWN_HOURS.max, 'ERR_FIELD_INVALID')
    .default(TWO_FACTOR_COOL_DOWN_HOURS.default),
  /** A new logo, null to remove it; left out, the logo stays as it is. */
  customLogo: ZImageDataUrl.nullable().optional(),
});
export type TDomainInput = z.infer<typeof ZDomainInput>;

// Certificates (signing certificates of a domain) and SAML certificates share the inspection fields.

/** A certificate ending within this many days shows the `expiringSoon` badge. */
export const CERTIFICATE_EXPIRING_SOON_DAYS = 30;

/** Badge computed at read time from `validTo`: expired, ending within 30 days, or valid. */
export const CERTIFICATE_STATUSES = ['valid', 'expiringSoon', 'expired'] as const;
export const ZCertificateStatus = z.enum(CERTIFICATE_STATUSES);
export type TCertificateStatus = z.infer<typeof ZCertificateStatus>;

/** What is read from an X.509 certificate. */
const ZCertificateInspection = z.object({
  /** Full distinguished name, most specific first (RFC 4514 order: `CN=…, O=…, C=…`). */
  subject: z.string(),
  commonName: z.string().nullable(),
  issuer: z.string(),
  issuerCommonName: z.string().nullable(),
  /** Upper-case hexadecimal. */
  serialNumber: z.string(),
  validFrom: ZTimestamp,
  validTo: ZTimestamp,
  /** Key usage bits by their RFC 5280 names, e.g. `digitalSignature`, `nonRepudiation`. */
  keyUsage: z.array(z.string()),
  /** Extended key usages by name when known (`emailProtection`, `documentSigning`…), otherwise the OID. */
  extendedKeyUsage: z.array(z.string()),
  /** e.g. `RSA 2048`, `EC P-256`, `Ed25519`. */
  keyAlgorithm: z.string(),
  /** SHA-256 of the DER certificate, upper-case hex pairs separated by colons. */
  fingerprintSha256: z.string(),
  status: ZCertificateStatus,
});

/** Deleted-items listing (`filters={"deleted":true}`): when and by whom; null for live records. */
const ZDeletion = z.object({ deletedAt: ZTimestamp.nullable(), deletedBy: z.string().nullable() });

/** One certificate of a chain, leaf first. */
export const ZCertificateChainEntry = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: ZTimestamp,
  validTo: ZTimestamp,
  fingerprintSha256: z.string(),
});

export const ZCertificate = ZCertificateInspection.extend({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  active: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).extend(ZDeletion.shape);
export type TCertificate = z.infer<typeof ZCertificate>;

/** The detail adds the chain (public data); the private key and its password are never answered. */
export const ZCertificateDetail = ZCertificate.extend({
  chain: z.array(ZCertificateChainEntry),
  /** The certificate and its chain in PEM, leaf first. */
  chainPem: z.string(),
});
export type TCertificateDetail = z.infer<typeof ZCertificateDetail>;

/** Certificate files are small; this bounds the data URL (about 150 KB of file). */
const ZCertificateFile = ZBase64DataUrl.max(200_000, 'ERR_FIELD_TOO_LONG');

export const ZCertificateInput = z.object({
  name: requiredName,
  alias: optionalText(100),
  /**
   * The certificate file as a base64 data URL: a PKCS#12 keystore (.p12/.pfx) with its private key,
   * or PEM text with the certificate (and its chain), which may also hold the private key.
   */
  content: ZCertificateFile,
  /** The PEM private key file, when `content` is PEM without the key. */
  privateKey: ZCertificateFile.optional(),
  /** Password of the PKCS#12 file or of an encrypted PEM private key. Never stored. */
  password: z.string().max(200, 'ERR_FIELD_TOO_LONG').optional(),
  active: z.boolean().default(true),
});
export type TCertificateInput = z.infer<typeof ZCertificateInput>;
/** On update the certificate file is replaced (renewal) only when a new one is sent. */
export const ZCertificateUpdate = withId(ZCertificateInput.partial({ content: true }));
export type TCertificateUpdate = z.infer<typeof ZCertificateUpdate>;

// SAML certificates (signing certificates of the identity providers a domain trusts)

export const ZSamlCertificate = ZCertificateInspection.extend({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  entityId: z.string(),
  active: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).extend(ZDeletion.shape);
export type TSamlCertificate = z.infer<typeof ZSamlCertificate>;

export const ZSamlCertificateDetail = ZSamlCertificate.extend({
  /** The certificate in PEM. */
  certificatePem: z.string(),
});
export type TSamlCertificateDetail = z.infer<typeof ZSamlCertificateDetail>;

export const ZSamlCertificateInput = z.object({
  name: requiredName,
  /** The identity provider's entity id (usually a URL or URN). */
  entityId: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(500, 'ERR_FIELD_TOO_LONG'),
  /**
   * The IdP signing certificate (public, no private key): PEM text, the bare base64 of the
   * `<ds:X509Certificate>` element of the IdP metadata, or a certificate file as a base64 data URL.
   */
  content: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200_000, 'ERR_FIELD_TOO_LONG'),
  active: z.boolean().default(true),
});
export type TSamlCertificateInput = z.infer<typeof ZSamlCertificateInput>;
export const ZSamlCertificateUpdate = withId(ZSamlCertificateInput.partial({ content: true }));
export type TSamlCertificateUpdate = z.infer<typeof ZSamlCertificateUpdate>;

// Users

export const ZUserRow = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  language: ZLanguage,
  active: z.boolean(),
  blocked: z.boolean(),
  isSandbox: z.boolean(),
  lastLoginAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TUserRow = z.infer<typeof ZUserRow>;

export const ZUserDetail = ZUserRow.extend({
  /** The role (from `roles/rolesList`), null when the stored role string is none of them. */
  roleId: z.number().int().nullable(),
  companyIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  permissions: ZPermissionMap,
  failedAttempts: z.number().int().nonnegative(),
  /**
   * After a creation or a password reset: whether the mail with the link to set the password went out
   * (false when no SMTP server is configured).
   */
  recoveryMailSent: z.boolean().optional(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserInput = z.object({
  userid: z.string().trim().refine(isUsername, 'ERR_FIELD_INVALID'),
  name: requiredName,
  email: z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').refine(isEmail, 'ERR_EMAIL_INVALID'),
  language: ZLanguage,
  roleId: ZIdField,
  /**
   * The permission flags that are true (spec §3); others are false. Left out: a new user gets the
   * defaults of the role, an updated user keeps the flags.
   */
  permissions: ZPermissionMap.optional(),
  companyIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  groupIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  active: z.boolean().default(true),
  isSandbox: z.boolean().default(false),
});
export type TUserInput = z.infer<typeof ZUserInput>;

export const ZUserUpdate = withId(ZUserInput).extend({
  /** true blocks the account; false unblocks it like `unblock/{id}`; left out, it stays as it is. */
  blocked: z.boolean().optional(),
  /** Replace the password with a random one and mail the user a link to choose a new one. */
  resetPassword: z.boolean().default(false),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

/**
 * `importUsers` takes the file as a base64 data URL in JSON: CSV (comma or semicolon separated,
 * UTF-8) or Excel .xlsx, a header row and one user per row. Columns: userid, name, email, role (role
 * string of spec §6), and optionally language, companies (tax ids, `;`-separated), groups (names,
 * `;`-separated), permissions (flags, `;`-separated; the role defaults when empty), active.
 */
export const USERS_IMPORT_MAX_ROWS = LIMITS.onlineLimit;
export const USERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ZUsersImportRequest = z.object({
  data: ZBase64DataUrl.max(Math.ceil((USERS_IMPORT_MAX_BYTES * 4) / 3) + 200, 'ERR_MAX_FILE_SIZE'),
  fileName: z.string().max(200).optional(),
});

/**
 * Answer of an import. Either every row was created, or none was and `failed` lists every failing
 * line (1 is the header) with the column and the error key.
 */
export const ZUsersImportResult = z.object({
  created: z.number().int().nonnegative(),
  failed: z.array(z.object({ line: z.number().int().positive(), field: z.string().optional(), key: z.string() })),
});
export type TUsersImportResult = z.infer<typeof ZUsersImportResult>;

/** Pickers of the users, companies or groups of a domain: at most the online limit, narrowed by `search`. */
const ZByDomainQuery = ZDomainIdQuery.extend({ search: z.string().trim().max(100).optional() });

// Companies

export const ZCompany = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  taxId: z.string(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
  ccEmails: z.string().nullable(),
  active: z.boolean(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyInput = z.object({
  name: requiredName,
  taxId: z.string().trim().toUpperCase().refine(isCompanyTaxId, 'ERR_FIELD_INVALID'),
  /** EU VAT number with its country prefix; spaces, dots and dashes are dropped. */
  vatNumber: optionalField(
    z
      .string()
      .trim()
      .max(20, 'ERR_FIELD_TOO_LONG')
      .refine(isEuVat, 'ERR_FIELD_INVALID')
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
  ),
  email: optionalField(z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').refine(isEmail, 'ERR_EMAIL_INVALID')),
  /** Addresses copied on the company's mail, separated by semicolons (spec §5 e-mail list). */
  ccEmails: optionalField(z.string().trim().max(1000, 'ERR_FIELD_TOO_LONG').refine(isEmailList, 'ERR_EMAIL_INVALID')),
  active: z.boolean().default(true),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

// Groups

export const ZGroup = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  users: z.number().int().nonnegative(),
  createdAt: ZTimestamp,
  ...deletedInfo,
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupDetail = ZGroup.extend({ members: ZPickerList });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZGroupInput = z.object({
  /** Restricted text (spec §5): letters, digits, space, ñ and . , _ - */
  name: requiredName.refine(isRestrictedText, 'ERR_FIELD_INVALID'),
  description: optionalField(z.string().trim().max(500, 'ERR_FIELD_TOO_LONG')),
  userIds: z.array(ZIdField).max(LIMITS.onlineLimit).default([]),
  active: z.boolean().default(true),
});
export type TGroupInput = z.infer<typeof ZGroupInput>;

export const administrationApi = {
  // Domains: the spec names no method for these calls.
  domainsRead: defineEndpoint({
    id: 'administration.domainsRead',
    method: 'GET',
    path: 'administration/domains/read',
    summary: 'Page of the domains list',
    permission: DOMAINS,
    query: ZPagedQuery,
    response: pageOf(ZDomain),
    methodChosen: true,
  }),
  domainsDetail: defineEndpoint({
    id: 'administration.domainsDetail',
    method: 'GET',
    path: 'administration/domains/detail',
    summary: 'One domain',
    permission: DOMAINS,
    query: ZSelectedQuery,
    response: ZDomainDetail,
    methodChosen: true,
  }),
  domainsNew: defineEndpoint({
    id: 'administration.domainsNew',
    method: 'POST',
    path: 'administration/domains/new',
    summary: 'Create a domain',
    permission: DOMAINS,
    body: ZDomainInput,
    response: ZDomainDetail,
    methodChosen: true,
  }),
  domainsUpdate: defineEndpoint({
    id: 'administration.domainsUpdate',
    method: 'PUT',
    path: 'administration/domains/update',
    summary: 'Update a domain',
    permission: DOMAINS,
    body: withId(ZDomainInput),
    response: ZDomainDetail,
    methodChosen: true,
  }),
  domainsDelete: defineEndpoint({
    id: 'administration.domainsDelete',
    method: 'DELETE',
    path: 'administration/domains/delete/{id}',
    summary: 'Soft-delete a domain',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  domainsRecover: defineEndpoint({
    id: 'administration.domainsRecover',
    method: 'PUT',
    path: 'administration/domains/recover/{id}',
    summary: 'Recover a deleted domain',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  domainsExport: defineEndpoint({
    id: 'administration.domainsExport',
    method: 'GET',
    path: 'administration/domains/export',
    summary: 'Export the domains list',
    permission: DOMAINS,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  domainsTypesDocument: defineEndpoint({
    id: 'administration.domainsTypesDocument',
    method: 'GET',
    path: 'administration/domains/typesdocument/{id}',
    summary: 'Document types a domain offers, for the dual-list picker',
    permission: DOMAINS,
    params: ZIdParams,
    response: ZDualList,
    methodChosen: true,
  }),
  domainsUpdateTypesDocument: defineEndpoint({
    id: 'administration.domainsUpdateTypesDocument',
    method: 'PUT',
    path: 'administration/domains/updateTypesDocument/{id}',
    summary: 'Set the document types a domain offers, in order',
    permission: DOMAINS,
    params: ZIdParams,
    body: z.object({ listOfTypes: z.array(ZIdField).max(1000) }),
    response: ZOk,
    methodChosen: true,
  }),
  domainsUpdateAdvComTemplate: defineEndpoint({
    id: 'administration.domainsUpdateAdvComTemplate',
    method: 'PUT',
    path: 'administration/domains/updateAdvComTemplate/{id}',
    summary: 'Set the advanced communication templates of a domain',
    permission: DOMAINS,
    params: ZIdParams,
    body: z.object({ advancedComTemplates: z.array(ZIdField).max(1000) }),
    response: ZOk,
    methodChosen: true,
  }),
  domainsAdvanceComTemplate: defineEndpoint({
    id: 'administration.domainsAdvanceComTemplate',
    method: 'GET',
    path: 'administration/domains/advanceComTemplate',
    summary: 'Advanced communication templates of a domain, for the dual-list picker',
    permission: DOMAINS,
    query: z.object({ domain: ZId }),
    response: ZDualList,
    methodChosen: true,
  }),
  domainsTypeComTemplate: defineEndpoint({
    id: 'administration.domainsTypeComTemplate',
    method: 'GET',
    path: 'administration/domains/typeComTemplate',
    summary: 'Kinds of communication template',
    permission: DOMAINS,
    response: ZComboList,
    methodChosen: true,
  }),
  domainsDomainTypes: defineEndpoint({
    id: 'administration.domainsDomainTypes',
    method: 'GET',
    path: 'administration/domains/domainTypes',
    summary: 'Kinds of domain',
    permission: DOMAINS,
    response: ZComboList,
    methodChosen: true,
  }),
  domainsAllDomains: defineEndpoint({
    id: 'administration.domainsAllDomains',
    method: 'GET',
    path: 'administration/domains/allDomains',
    summary: 'Every domain, for the domain selector',
    permission: DOMAINS,
    response: ZPickerList,
    methodChosen: true,
  }),

  // Certificates: the spec names no method for these calls.
  certificatesRead: defineEndpoint({
    id: 'administration.certificatesRead',
    method: 'GET',
    path: 'administration/certificates/read',
    summary: 'Page of the certificates list; filters {"deleted":true} lists the deleted ones (needs certBin)',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZCertificate),
    methodChosen: true,
  }),
  certificatesDetail: defineEndpoint({
    id: 'administration.certificatesDetail',
    method: 'GET',
    path: 'administration/certificates/detail',
    summary: 'One certificate',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  certificatesNew: defineEndpoint({
    id: 'administration.certificatesNew',
    method: 'POST',
    path: 'administration/certificates/new',
    summary: 'Upload a certificate to a domain',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZCertificateInput,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  certificatesUpdate: defineEndpoint({
    id: 'administration.certificatesUpdate',
    method: 'PUT',
    path: 'administration/certificates/update',
    summary: 'Update a certificate',
    permission: ADMIN,
    body: ZCertificateUpdate,
    response: ZCertificateDetail,
    methodChosen: true,
  }),
  certificatesDelete: defineEndpoint({
    id: 'administration.certificatesDelete',
    method: 'DELETE',
    path: 'administration/certificates/delete/{id}',
    summary: 'Soft-delete a certificate',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  certificatesRecover: defineEndpoint({
    id: 'administration.certificatesRecover',
    method: 'PUT',
    path: 'administration/certificates/recover/{id}',
    summary: 'Recover a deleted certificate',
    permission: CERT_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  certificatesExport: defineEndpoint({
    id: 'administration.certificatesExport',
    method: 'GET',
    path: 'administration/certificates/export',
    summary: 'Export the certificates list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  certificatesByDomain: defineEndpoint({
    id: 'administration.certificatesByDomain',
    method: 'GET',
    path: 'administration/certificates/certificatesByDomain',
    summary: 'Live, active and currently valid certificates of a domain, for a picker',
    permission: ADMIN,
    query: ZDomainIdQuery,
    response: ZPickerList,
    methodChosen: true,
  }),

  // SAML certificates: the spec names no method for these calls.
  samlCertificatesRead: defineEndpoint({
    id: 'administration.samlCertificatesRead',
    method: 'GET',
    path: 'administration/samlcertificates/read',
    summary: 'Page of the SAML certificates list; filters {"deleted":true} lists the deleted ones (needs certBin)',
    permission: SAML,
    query: ZPagedQuery,
    response: pageOf(ZSamlCertificate),
    methodChosen: true,
  }),
  samlCertificatesDetail: defineEndpoint({
    id: 'administration.samlCertificatesDetail',
    method: 'GET',
    path: 'administration/samlcertificates/detail',
    summary: 'One SAML certificate',
    permission: SAML,
    query: ZSelectedQuery,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  samlCertificatesNew: defineEndpoint({
    id: 'administration.samlCertificatesNew',
    method: 'POST',
    path: 'administration/samlcertificates/new',
    summary: 'Add a SAML identity-provider certificate to a domain',
    permission: SAML,
    query: ZOptionalDomainIdQuery,
    body: ZSamlCertificateInput,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  samlCertificatesUpdate: defineEndpoint({
    id: 'administration.samlCertificatesUpdate',
    method: 'PUT',
    path: 'administration/samlcertificates/update',
    summary: 'Update a SAML certificate',
    permission: SAML,
    body: ZSamlCertificateUpdate,
    response: ZSamlCertificateDetail,
    methodChosen: true,
  }),
  samlCertificatesDelete: defineEndpoint({
    id: 'administration.samlCertificatesDelete',
    method: 'DELETE',
    path: 'administration/samlcertificates/delete/{id}',
    summary: 'Soft-delete a SAML certificate',
    permission: SAML,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  samlCertificatesRecover: defineEndpoint({
    id: 'administration.samlCertificatesRecover',
    method: 'PUT',
    path: 'administration/samlcertificates/recover/{id}',
    summary: 'Recover a deleted SAML certificate',
    permission: SAML_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  samlCertificatesExport: defineEndpoint({
    id: 'administration.samlCertificatesExport',
    method: 'GET',
    path: 'administration/samlcertificates/export',
    summary: 'Export the SAML certificates list',
    permission: SAML,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),

  // Users: the spec names no method for these calls.
  usersRead: defineEndpoint({
    id: 'administration.usersRead',
    method: 'GET',
    path: 'administration/users/read',
    summary: 'Page of the users list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZUserRow),
    methodChosen: true,
  }),
  usersDetail: defineEndpoint({
    id: 'administration.usersDetail',
    method: 'GET',
    path: 'administration/users/detail',
    summary: 'One user with companies, groups and permissions',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZUserDetail,
    methodChosen: true,
  }),
  usersNew: defineEndpoint({
    id: 'administration.usersNew',
    method: 'POST',
    path: 'administration/users/new',
    summary: 'Create a user in a domain',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZUserInput,
    response: ZUserDetail,
    methodChosen: true,
  }),
  usersUpdate: defineEndpoint({
    id: 'administration.usersUpdate',
    method: 'PUT',
    path: 'administration/users/update',
    summary: 'Update a user',
    permission: ADMIN,
    body: ZUserUpdate,
    response: ZUserDetail,
    methodChosen: true,
  }),
  usersDelete: defineEndpoint({
    id: 'administration.usersDelete',
    method: 'DELETE',
    path: 'administration/users/delete/{id}',
    summary: 'Soft-delete a user',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  usersRecover: defineEndpoint({
    id: 'administration.usersRecover',
    method: 'PUT',
    path: 'administration/users/recover/{id}',
    summary: 'Recover a deleted user',
    permission: USER_BIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  usersUnblock: defineEndpoint({
    id: 'administration.usersUnblock',
    method: 'PUT',
    path: 'administration/users/unblock/{id}',
    summary: 'Unblock a user locked by failed sign-ins',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
    methodChosen: true,
  }),
  usersExport: defineEndpoint({
    id: 'administration.usersExport',
    method: 'GET',
    path: 'administration/users/export',
    summary: 'Export the users list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  usersImport: defineEndpoint({
    id: 'administration.usersImport',
    method: 'POST',
    path: 'administration/users/importUsers',
    summary: 'Create users in a domain from a spreadsheet',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZUsersImportRequest,
    response: ZUsersImportResult,
    methodChosen: true,
  }),
  usersWithRequestsByCompanies: defineEndpoint({
    id: 'administration.usersWithRequestsByCompanies',
    method: 'GET',
    path: 'administration/users/usersWithRequestsByCompanies',
    summary: 'Users who sent shippings from the given companies, for the shipping list filter',
    // The shipping list filters use it too, so shipping readers may call it.
    permission: { any: ['administration', 'shippingList', 'shippingListOnlyAuth'] },
    query: z.object({ companies: ZIdListQueryValue }),
    response: ZPickerList,
    methodChosen: true,
  }),
  usersByDomain: defineEndpoint({
    id: 'administration.usersByDomain',
    method: 'GET',
    path: 'administration/users/usersByDomain',
    summary: 'Users of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),

  // Companies
  companiesRead: defineEndpoint({
    id: 'administration.companiesRead',
    method: 'GET',
    path: 'administration/companies/read',
    summary: 'Page of the companies list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZCompany),
    methodChosen: true,
  }),
  companiesExport: defineEndpoint({
    id: 'administration.companiesExport',
    method: 'GET',
    path: 'administration/companies/export',
    summary: 'Export the companies list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  companiesNew: defineEndpoint({
    id: 'administration.companiesNew',
    method: 'POST',
    path: 'administration/companies/new',
    summary: 'Create a company',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZCompanyInput,
    response: ZCompany,
  }),
  companiesUpdate: defineEndpoint({
    id: 'administration.companiesUpdate',
    method: 'POST',
    path: 'administration/companies/update',
    summary: 'Update a company',
    permission: ADMIN,
    body: withId(ZCompanyInput),
    response: ZCompany,
  }),
  companiesDelete: defineEndpoint({
    id: 'administration.companiesDelete',
    method: 'DELETE',
    path: 'administration/companies/delete/{id}',
    summary: 'Soft-delete a company',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
  }),
  companiesRecover: defineEndpoint({
    id: 'administration.companiesRecover',
    method: 'PUT',
    path: 'administration/companies/recover/{id}',
    summary: 'Recover a deleted company',
    permission: COMPANY_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  companiesDetail: defineEndpoint({
    id: 'administration.companiesDetail',
    method: 'GET',
    path: 'administration/companies/detail',
    summary: 'One company',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZCompany,
    methodChosen: true,
  }),
  companiesByDomain: defineEndpoint({
    id: 'administration.companiesByDomain',
    method: 'GET',
    path: 'administration/companies/companiesByDomain',
    summary: 'Companies of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),

  // Groups
  groupsRead: defineEndpoint({
    id: 'administration.groupsRead',
    method: 'GET',
    path: 'administration/groups/read',
    summary: 'Page of the groups list',
    permission: ADMIN,
    query: ZPagedQuery,
    response: pageOf(ZGroup),
    methodChosen: true,
  }),
  groupsExport: defineEndpoint({
    id: 'administration.groupsExport',
    method: 'GET',
    path: 'administration/groups/export',
    summary: 'Export the groups list',
    permission: ADMIN,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  groupsUpdate: defineEndpoint({
    id: 'administration.groupsUpdate',
    method: 'PUT',
    path: 'administration/groups/update',
    summary: 'Update a group and its members',
    permission: ADMIN,
    body: withId(ZGroupInput),
    response: ZGroupDetail,
  }),
  groupsNew: defineEndpoint({
    id: 'administration.groupsNew',
    method: 'POST',
    path: 'administration/groups/new',
    summary: 'Create a group',
    permission: ADMIN,
    query: ZOptionalDomainIdQuery,
    body: ZGroupInput,
    response: ZGroupDetail,
  }),
  groupsDetail: defineEndpoint({
    id: 'administration.groupsDetail',
    method: 'GET',
    path: 'administration/groups/detail',
    summary: 'One group with its members',
    permission: ADMIN,
    query: ZSelectedQuery,
    response: ZGroupDetail,
    methodChosen: true,
  }),
  groupsDelete: defineEndpoint({
    id: 'administration.groupsDelete',
    method: 'DELETE',
    path: 'administration/groups/delete/{id}',
    summary: 'Soft-delete a group',
    permission: ADMIN,
    params: ZIdParams,
    response: ZOk,
  }),
  groupsRecover: defineEndpoint({
    id: 'administration.groupsRecover',
    method: 'PUT',
    path: 'administration/groups/recover/{id}',
    summary: 'Recover a deleted group',
    permission: GROUP_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  groupsByDomain: defineEndpoint({
    id: 'administration.groupsByDomain',
    method: 'GET',
    path: 'administration/groups/groupsByDomain',
    summary: 'Groups of a domain, for a picker',
    permission: ADMIN,
    query: ZByDomainQuery,
    response: ZPickerList,
    methodChosen: true,
  }),

  rolesList: defineEndpoint({
    id: 'administration.rolesList',
    method: 'GET',
    path: 'administration/roles/rolesList',
    summary: 'Roles a user can be given',
    permission: ADMIN,
    response: ZPickerList,
  }),
} as const;
