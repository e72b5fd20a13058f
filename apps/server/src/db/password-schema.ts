import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

export type PasswordHistoryTable = {
  id: Generated<string> & Id;
  user_id: BigintRef;
  password_hash: string;
  created_at: Generated<Date> & Timestamp;
};

export type PasswordRecoverRequestsTable = {
  id: Generated<string> & Id;
  login_hash: string;
  ip: string;
  created_at: Generated<Date> & Timestamp;
};

export type AccountMessagesTable = {
  id: Generated<string> & Id;
  user_id: BigintRef;
  purpose: 'welcome' | 'reset' | 'recovery' | 'password_changed' | 'two_factor_code' | 'lock' | 'two_factor_lock';
  transport: 'outbox' | 'smtp';
  recipient: string;
  subject: string;
  body: string | null;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: Generated<Date> & Timestamp;
};

export type AccountOutboxView = {
  id: Id;
  user_id: string;
  purpose: AccountMessagesTable['purpose'];
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
};

export type PasswordTables = {
  password_history: PasswordHistoryTable;
  password_recover_requests: PasswordRecoverRequestsTable;
  account_messages: AccountMessagesTable;
  account_outbox: AccountOutboxView;
};
