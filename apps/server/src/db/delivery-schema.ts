import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;
type BigintRef = ColumnType<string, string | number, string | number>;

export type DeliveryMessagesTable = {
  id: Generated<string> & Id;
  guid: Generated<string>;
  shipping_id: BigintRef;
  receiver_id: BigintRef;
  purpose: 'access' | 'pin' | 'reminder';
  channel: string;
  transport: 'outbox' | 'smtp' | 'sms_http' | 'whatsapp_http' | 'voice_http' | 'postal' | 'onscreen';
  recipient: string;
  subject: string | null;
  body: string;
  body_html: Generated<boolean>;
  content_sha256: string;
  idempotency_key: string;
  status: Generated<'held' | 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'unknown'>;
  provider_ref: string | null;
  error: string | null;
  created_at: Generated<Date> & Timestamp;
  status_at: Generated<Date> & Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date> & Timestamp;
  /** Migration 045: the message this one stands in for, `held` until that one fails. */
  fallback_for: BigintRef | null;
};

export type OutboxView = {
  id: Id;
  guid: string;
  shipping_id: string;
  receiver_id: string;
  purpose: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
};

/** The tables of migration 009, merged into `Database`. */
export type DeliveryTables = {
  delivery_messages: DeliveryMessagesTable;
  outbox: OutboxView;
};
