import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type BigintRef = ColumnType<string, string | number, string | number>;

/** migrations/023_i18_saml.sql */
export type SamlRequestsTable = {
  id: string;
  provider_id: BigintRef;
  issued_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: Timestamp;
};

export type SamlUsedAssertionsTable = {
  provider_id: BigintRef;
  assertion_id: string;
  expires_at: Timestamp;
};

export type SamlTables = {
  saml_requests: SamlRequestsTable;
  saml_used_assertions: SamlUsedAssertionsTable;
};
