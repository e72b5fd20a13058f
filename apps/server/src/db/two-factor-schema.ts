import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;
/** bigint columns come back from pg as strings. */
type NullableBigint = ColumnType<string | null, string | number | null | undefined, string | number | null>;

export type UserTwoFactorTable = {
  user_id: BigintRef;
  totp_secret: Buffer | null;
  enrolled_at: NullableTimestamp;
  last_step: NullableBigint;
  pending_secret: Buffer | null;
  pending_at: NullableTimestamp;
  updated_at: Generated<Date> & Timestamp;
};

export type TwoFactorRecoveryCodesTable = {
  id: Generated<string> & Id;
  user_id: BigintRef;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date> & Timestamp;
};

export type TwoFactorChallengesTable = {
  id: Generated<string> & Id;
  token_hash: string;
  user_id: BigintRef;
  purpose: 'verify' | 'enrol';
  failed_attempts: Generated<number>;
  mail_code_hash: string | null;
  mail_code_expires_at: NullableTimestamp;
  mail_codes_sent: Generated<number>;
  created_at: Generated<Date> & Timestamp;
  expires_at: Timestamp;
  closed_at: NullableTimestamp;
};

export type TrustedBrowsersTable = {
  id: Generated<string> & Id;
  token_hash: string;
  user_id: BigintRef;
  created_at: Generated<Date> & Timestamp;
  expires_at: Timestamp;
};

export type TwoFactorEventsTable = {
  id: Generated<string> & Id;
  user_id: BigintRef;
  domain_id: BigintRef;
  actor_id: BigintRef | null;
  kind: 'enrolled' | 'reset' | 'recovery_code_used' | 'challenge_ended' | 'locked';
  created_at: Generated<Date> & Timestamp;
};

export type TwoFactorTables = {
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  trusted_browsers: TrustedBrowsersTable;
  two_factor_events: TwoFactorEventsTable;
};
