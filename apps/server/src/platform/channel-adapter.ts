import type { Readable } from 'node:stream';
import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';

/** What a message travels on: a shipping's channels, and the voice call that reads a PIN. */
export type TMessageChannel = Channel | 'voice';

/** A document a message carries, already checked against its SHA-256; `open` streams it from the blob store. */
export type TOutgoingAttachment = {
  name: string;
  mimeType: string;
  sha256: string;
  /** A fresh stream of the bytes each call; whoever opens it reads it to the end or destroys it. */
  open: () => Promise<Readable>;
};

/**
 * A message handed to an adapter: already recorded in `delivery_messages`, named by its guid. Only
 * SMTP carries `attachments` (the documents of a certified e-mail); other adapters ignore them.
 */
export type TOutgoingMessage = {
  guid: string;
  channel: TMessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** The body is HTML (written from an HTML template): e-mail sends it as the HTML part. */
  html?: boolean;
  language: Language;
  attachments?: TOutgoingAttachment[];
};

/**
 * One way out of the building (SMTP, an SMS/WhatsApp provider, the print room). `send` answers the
 * provider's reference, or throws; it must pass `guid` on as the provider's idempotency key where the
 * provider has one, so a repeated call never makes a second message.
 */
export type TChannelAdapter = {
  transport: Exclude<DeliveryMessagesTable['transport'], 'outbox'>;
  send: (message: TOutgoingMessage) => Promise<{ providerRef: string | null }>;
};

/** Every adapter this copy has, by transport; a transport without one fails its messages loudly. */
export type TChannelAdapters = Partial<Record<TChannelAdapter['transport'], TChannelAdapter>>;

/**
 * How an adapter says a hand-over went wrong. `transient`: nothing reached the provider, or the
 * provider dedupes by guid, so trying again later is safe. `permanent`: the provider refused it for
 * good (a 4xx, a 5xx SMTP reply). `unknown`: it may have been sent (SMTP cut after DATA): never resent.
 */
export class ChannelSendError extends Error {
  readonly kind: 'transient' | 'permanent' | 'unknown';

  constructor(kind: 'transient' | 'permanent' | 'unknown', message: string) {
    super(message);
    this.kind = kind;
  }
}
