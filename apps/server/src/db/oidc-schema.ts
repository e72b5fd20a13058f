import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** migrations/024_i18_oidc.sql */
export type OidcFlowsTable = {
  id: ColumnType<string, never, never>;
  state_hash: string;
  provider_id: ColumnType<string, string | number, string | number>;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  shipping_guid: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
};

export type OidcTables = { oidc_flows: OidcFlowsTable };
