import type { Transaction } from 'kysely';
import type { TConfig } from '../config.ts';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';
import type { Database } from '../db/schema.ts';
import type { TMessageChannel } from '../platform/channel-adapter.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { recordMessages, type TNewMessage } from './delivery-messages.ts';

type TTransport = DeliveryMessagesTable['transport'];

/**
 * What carries a message: the outbox for sandbox shippings and for channels without a configured
 * provider, otherwise the channel's adapter. Postal and on-screen are the provider's own.
 */
export function chooseTransport(config: TConfig, channel: TMessageChannel, sandbox: boolean): TTransport {
  if (sandbox) return 'outbox';
  switch (channel) {
    case 'email':
      return config.SMTP_URL ? 'smtp' : 'outbox';
    case 'sms':
      return config.SMS_PROVIDER_URL ? 'sms_http' : 'outbox';
    case 'whatsapp':
      return config.WHATSAPP_PROVIDER_URL ? 'whatsapp_http' : 'outbox';
    case 'voice':
      return config.VOICE_PROVIDER_URL ? 'voice_http' : 'outbox';
    case 'postal':
      return 'postal';
    case 'onscreen':
      return 'onscreen';
  }
}

export type TMessageToQueue = Omit<TNewMessage, 'transport' | 'channel'> & {
  channel: TMessageChannel;
  sandbox: boolean;
};

/**
 * Records messages to receivers and, for those a provider carries, queues their sending; all inside the
 * caller's transaction. The idempotency key makes a repeated message a no-op. Answers the messages, in order.
 */
export async function queueMessages(
  deps: { config: TConfig; jobs: TJobQueue },
  trx: Transaction<Database>,
  messages: readonly TMessageToQueue[],
) {
  const toRecord = messages.map(({ sandbox, ...rest }) => ({
    ...rest,
    transport: chooseTransport(deps.config, rest.channel, sandbox),
  }));
  const recorded = await recordMessages(trx, toRecord);
  const queued = recorded.map((message, index) => ({ ...message, transport: toRecord[index]!.transport }));
  for (const message of queued) {
    if (message.created && message.transport !== 'outbox' && message.status !== 'held') {
      await deps.jobs.send(DELIVERY_JOBS.send, { messageId: message.id }, { within: trx });
    }
  }
  return queued;
}

export async function queueMessage(
  deps: { config: TConfig; jobs: TJobQueue },
  trx: Transaction<Database>,
  message: TMessageToQueue,
) {
  const [queued] = await queueMessages(deps, trx, [message]);
  return queued!;
}
