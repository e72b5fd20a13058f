import { z } from 'zod';
import { ZDomainIdQuery, ZIdField, ZTimestamp } from '../common.ts';
import type { TPermissionRule } from '../endpoint.ts';

/** Spec §6: administration routes need `administration`; domains and SAML certificates one more flag. */
export const ADMIN = { all: ['administration'] } as const satisfies TPermissionRule;
export const DOMAINS = { all: ['administration', 'administrationDomain'] } as const satisfies TPermissionRule;
export const SAML = { all: ['administration', 'administrationSaml'] } as const satisfies TPermissionRule;
/**
 * Recovering happens in the deleted-items area, which any bin flag opens (spec §6), so recovering a
 * record needs the bin flag of its kind. Domains have no bin flag and keep the domain rule.
 */
export const COMPANY_BIN = { all: ['companyBin'] } as const satisfies TPermissionRule;
export const GROUP_BIN = { all: ['groupBin'] } as const satisfies TPermissionRule;
export const CERT_BIN = { all: ['certBin'] } as const satisfies TPermissionRule;
export const SAML_BIN = { all: ['certBin', 'administrationSaml'] } as const satisfies TPermissionRule;
export const USER_BIN = { all: ['userBin'] } as const satisfies TPermissionRule;

export const requiredName = z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG');
export const optionalText = (max: number) => z.string().trim().max(max, 'ERR_FIELD_TOO_LONG').optional();
export const ZBase64DataUrl = z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]+$/, 'ERR_FIELD_INVALID');
export const withId = <T extends z.ZodRawShape>(input: z.ZodObject<T>) => input.extend({ id: ZIdField });
/** Forms send '' or null for an empty optional field: both mean "none". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Who deleted a record and when: null while it is live. Lists of deleted records show them (deleted-items area). */
export const deletedInfo = { deletedAt: ZTimestamp.nullable(), deletedBy: z.string().nullable() };

/**
 * Filter of a paged read that lists the deleted records of a kind instead of the live ones
 * (`filters={"deleted":true}`); it needs the bin permission of the kind.
 */
export const DELETED_FILTER = 'deleted';

// Certificates (signing certificates of a domain) and SAML certificates share the inspection fields.

/** A certificate ending within this many days shows the `expiringSoon` badge. */
export const CERTIFICATE_EXPIRING_SOON_DAYS = 30;

/** Badge computed at read time from `validTo`: expired, ending within 30 days, or valid. */
export const CERTIFICATE_STATUSES = ['valid', 'expiringSoon', 'expired'] as const;
export const ZCertificateStatus = z.enum(CERTIFICATE_STATUSES);
export type TCertificateStatus = z.infer<typeof ZCertificateStatus>;

/** What is read from an X.509 certificate. */
export const ZCertificateInspection = z.object({
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
export const ZDeletion = z.object({ deletedAt: ZTimestamp.nullable(), deletedBy: z.string().nullable() });

/** Pickers of the users, companies or groups of a domain: at most the online limit, narrowed by `search`. */
export const ZByDomainQuery = ZDomainIdQuery.extend({ search: z.string().trim().max(100).optional() });
