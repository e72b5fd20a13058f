import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

/** migrations/020_i18_core_handover.sql */
export type CoreHandoversTable = {
  id: Id;
  request_hash: string;
  token_hash: string;
  user_id: BigintRef;
  shipping_guid: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
};

/** migrations/022_i18_identity_providers.sql */
export type IdentityProvidersTable = {
  id: Id;
  domain_id: BigintRef;
  kind: 'saml' | 'oidc';
  name: string;
  trust_idp_second_factor: Generated<boolean>;
  active: Generated<boolean>;
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certificate_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  saml_user_attribute: string | null;
  /** migrations/037_s11_saml_idp_initiated.sql */
  saml_allow_idp_initiated: Generated<boolean>;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret_sealed: Buffer | null;
  oidc_client_secret_key_id: string | null;
  /** migrations/035_s11_federation_rank.sql: rank of whoever last configured it. */
  configured_rank: number;
  created_at: Generated<Date> & Timestamp;
  created_by: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  updated_at: Generated<Date> & Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<string | null, string | number | null | undefined, string | number | null>;
};

/** migrations/038_s11_email_domain_claims.sql */
export type IdentityProviderEmailDomainsTable = {
  id: Id;
  provider_id: BigintRef;
  email_domain: string;
  state: ColumnType<'unverified' | 'verified', 'unverified' | 'verified' | undefined, 'unverified' | 'verified'>;
  verified_at: NullableTimestamp;
  verified_how: 'superAdmin' | 'mail' | null;
  verified_by: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  verified_mailbox: string | null;
  created_at: Generated<Date> & Timestamp;
};

/** migrations/038_s11_email_domain_claims.sql */
export type IdentityProviderDomainLinksTable = {
  id: Id;
  claim_id: BigintRef;
  token_hash: string;
  mailbox: string;
  requested_by: BigintRef;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
};

export type FederationTables = {
  core_handovers: CoreHandoversTable;
  identity_providers: IdentityProvidersTable;
  identity_provider_email_domains: IdentityProviderEmailDomainsTable;
  identity_provider_domain_links: IdentityProviderDomainLinksTable;
};
