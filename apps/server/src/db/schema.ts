import type { ColumnType, Generated } from 'kysely';
import type { AuditTables } from './audit-schema.ts';
import type { CertificateCodeTables } from './certificate-code-schema.ts';
import type { DeliveryTables } from './delivery-schema.ts';
import type { DraftTables } from './draft-schema.ts';
import type { FederationTables } from './federation-schema.ts';
import type { HandOverTables } from './hand-over-schema.ts';
import type { HandwritingTables } from './handwriting-schema.ts';
import type { ImportTables } from './import-schema.ts';
import type { IntegrationTables } from './integration-schema.ts';
import type { OidcTables } from './oidc-schema.ts';
import type { PasswordTables } from './password-schema.ts';
import type { PkiTables } from './pki-schema.ts';
import type { PortalTables } from './portal-schema.ts';
import type { PostalTables } from './postal-schema.ts';
import type { SamlTables } from './saml-schema.ts';
import type { ShippingTables } from './shipping-schema.ts';
import type { TimestampTables } from './timestamp-schema.ts';
import type { TwoFactorTables } from './two-factor-schema.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

export type DomainsTable = {
  id: Generated<string> & Id;
  name: string;
  code: string;
  description: string | null;
  active: Generated<boolean>;
  domain_type: Generated<string>;
  custom_logo: string | null;
  two_factor_cool_down_hours: Generated<number>;
  two_factor_required: Generated<'off' | 'admins' | 'all'>;
  password_max_age_days: number | null;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type CompaniesTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  name: string;
  tax_id: string;
  vat_number: string | null;
  email: string | null;
  cc_emails: string | null;
  active: Generated<boolean>;
  sms_ucs2_allowed: Generated<boolean>;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type GroupsTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type UsersTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  username: string;
  name: string;
  email: string;
  password_hash: string;
  roles: string[];
  permissions: string[];
  language: string;
  is_sandbox: Generated<boolean>;
  custom_logo: string | null;
  additional_fields: ColumnType<Record<string, string>, string | undefined, string>;
  active: Generated<boolean>;
  blocked: Generated<boolean>;
  /** Until when a sign-in guard holds for the account (a source delayed, or the second factor locked). */
  locked_until: NullableTimestamp;
  lock_mailed_at: NullableTimestamp;
  two_factor_failures: Generated<number>;
  two_factor_locked_until: NullableTimestamp;
  password_changed_at: Generated<Date> & Timestamp;
  last_login_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type UserCompaniesTable = { user_id: BigintRef; company_id: BigintRef };
export type UserGroupsTable = { user_id: BigintRef; group_id: BigintRef };

export type SessionsTable = {
  id: Generated<string> & Id;
  token_hash: string;
  user_id: BigintRef;
  created_at: Generated<Date> & Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Set when `refreshToken` replaced this session: its token only lives out its grace. */
  rotated_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
};

export type SignInFailuresTable = {
  login_hash: string;
  source: string;
  failures: number;
  last_failed_at: Timestamp;
  delayed_until: NullableTimestamp;
};

export type PreferencesTable = {
  name: string;
  value: string | null;
  description: Generated<string>;
  updated_at: Generated<Date> & Timestamp;
};

export type DomainPreferencesTable = {
  domain_id: BigintRef;
  name: string;
  value: string;
  updated_at: Generated<Date> & Timestamp;
};

export type FeedbackTable = {
  id: Generated<string> & Id;
  user_id: BigintRef | null;
  name: string;
  email: string | null;
  subject: string;
  msg: string;
  device_info: string | null;
  resolution: string | null;
  current_url: string | null;
  request_cid: string | null;
  guid: string | null;
  file_name: string | null;
  file_type: string | null;
  /** Reports stored before migration 027 only; newer attachments are in the blob store (`file_key`). */
  file_content: Buffer | null;
  file_key: string | null;
  ip: string | null;
  created_at: Generated<Date> & Timestamp;
  mailed_at: NullableTimestamp;
};

export type RolesTable = { id: Generated<string> & Id; code: string; name: string };

export type ShippingTypesTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  company_id: BigintRef | null;
  name: string;
  description: string | null;
  service_kind: string;
  active: Generated<boolean>;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type TemplatesTable = {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  company_id: BigintRef | null;
  name: string;
  content_type: Generated<string>;
  kind: Generated<string>;
  subject: string | null;
  body: Generated<string>;
  /** Migration 063: the language the template is written in (es-es, en-en, pt-pt). */
  language: Generated<string>;
  active: Generated<boolean>;
  locked: Generated<boolean>;
  locked_by: BigintRef | null;
  locked_until: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type TemplateImagesTable = {
  id: Generated<string> & Id;
  public_key: string;
  domain_id: BigintRef;
  blob_key: string;
  mime_type: string;
  size_bytes: number;
  name: string;
  created_by: BigintRef | null;
  created_at: Generated<Date> & Timestamp;
};

export type DomainDocumentTypesTable = { domain_id: BigintRef; type_id: BigintRef; position: number };
export type DomainAdvTemplatesTable = { domain_id: BigintRef; template_id: BigintRef; position: number };

export type PasswordRecoveryTokensTable = {
  id: Generated<string> & Id;
  user_id: BigintRef;
  recovery_token_hash: string;
  login_token_hash: string;
  created_by: BigintRef | null;
  created_at: Generated<Date> & Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  purpose: Generated<'welcome' | 'reset' | 'recovery'>;
  change_token_hash: string | null;
  change_expires_at: NullableTimestamp;
};

/** Columns read from an X.509 certificate, shared by certificates and SAML certificates. */
type CertificateInspectionColumns = {
  subject: string;
  subject_cn: string | null;
  issuer: string;
  issuer_cn: string | null;
  serial_number: string;
  valid_from: Timestamp;
  valid_to: Timestamp;
  key_usage: string[];
  extended_key_usage: string[];
  key_algorithm: string;
  fingerprint_sha256: string;
};

export type CertificatesTable = CertificateInspectionColumns & {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  name: string;
  alias: string | null;
  active: Generated<boolean>;
  chain_pem: string;
  private_key_sealed: Buffer;
  private_key_key_id: string;
  created_at: Generated<Date> & Timestamp;
  created_by: BigintRef | null;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

export type SamlCertificatesTable = CertificateInspectionColumns & {
  id: Generated<string> & Id;
  domain_id: BigintRef;
  name: string;
  entity_id: string;
  active: Generated<boolean>;
  certificate_pem: string;
  /** migrations/035_s11_federation_rank.sql: rank of whoever last uploaded or changed it. */
  configured_rank: number;
  created_at: Generated<Date> & Timestamp;
  created_by: BigintRef | null;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: BigintRef | null;
};

/** What a domain has contracted; a NULL list means no restriction (migration 005). */
export type DomainConfigurationTable = {
  domain_id: BigintRef;
  service_kinds: string[] | null;
  channels: string[] | null;
  identity_document_types: string[] | null;
  updated_at: Generated<Date> & Timestamp;
};

/** Live users and companies of each domain, kept by triggers (migrations/006_admin_list_indexes.sql). */
export type LiveCountsTable = {
  domain_id: BigintRef;
  kind: 'users' | 'companies';
  live: ColumnType<string, string | number, string | number>;
};

export type Database = ShippingTables &
  AuditTables &
  DraftTables &
  DeliveryTables &
  ImportTables &
  PostalTables &
  PortalTables &
  HandwritingTables &
  PkiTables &
  HandOverTables &
  TimestampTables &
  CertificateCodeTables &
  TwoFactorTables &
  PasswordTables &
  FederationTables &
  SamlTables &
  OidcTables &
  IntegrationTables & {
    domains: DomainsTable;
    companies: CompaniesTable;
    groups: GroupsTable;
    users: UsersTable;
    user_companies: UserCompaniesTable;
    user_groups: UserGroupsTable;
    sessions: SessionsTable;
    sign_in_failures: SignInFailuresTable;
    preferences: PreferencesTable;
    domain_preferences: DomainPreferencesTable;
    feedback: FeedbackTable;
    roles: RolesTable;
    shipping_types: ShippingTypesTable;
    templates: TemplatesTable;
    template_images: TemplateImagesTable;
    domain_document_types: DomainDocumentTypesTable;
    domain_adv_templates: DomainAdvTemplatesTable;
    password_recovery_tokens: PasswordRecoveryTokensTable;
    certificates: CertificatesTable;
    saml_certificates: SamlCertificatesTable;
    domain_configuration: DomainConfigurationTable;
    live_counts: LiveCountsTable;
  };
