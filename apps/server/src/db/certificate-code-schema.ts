import type { ColumnType } from 'kysely';

type BigintRef = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Migration 057: the verification code of each sealed certificate or non-report. */
export type CertificateCodesTable = {
  code: string;
  shipping_id: BigintRef;
  sha256: string;
  event_count: number;
  issued_at: Timestamp;
};

export type CertificateCodeTables = { certificate_codes: CertificateCodesTable };
