import type { Channel } from '@sello/contracts/enums';
import type { Transaction } from 'kysely';
import type { TConfig } from '../config.ts';
import type { DeliveryMessagesTable } from '../db/delivery-schema.ts';
import type { Database } from '../db/schema.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { DELIVERY_JOBS } from './delivery-job-names.ts';
import { recordMessage, type TNewMessage } from './delivery-messages.ts';

type TTransport = DeliveryMessagesTable['transport'];

/**
 * What carries a message: the outbox for sandbox shippings and for channels without a configured
 * provider, otherwise the channel's adapter. Postal and on-screen are the provider's own.
 */
export function chooseTransport(config: TConfig, channel: Channel, sandbox: boolean): TTransport {
  if (sandbox) return 'outbox';
  switch (channel) {
    case 'email':
      return config.SMTP_URL ? 'smtp' : 'outbox';
    case 'sms':
      return config.SMS_PROVIDER_URL ? 'sms_http' : 'outbox';
    case 'whatsapp':
      return config.WHATSAPP_PROVIDER_URL ? 'whatsapp_http' : 'outbox';
    case 'postal':
      return 'postal';
    case 'onscreen':
      return 'onscreen';
  }
}

/**
 * Records a message to a receiver and, when a provider carries it, queues its sending; both inside
 * the caller's transaction. The idempotency key makes a repeated call a no-op. Answers the message.
 */
export async function queueMessage(
  deps: { config: TConfig; jobs: TJobQueue },
  trx: Transaction<Database>,
  message: Omit<TNewMessage, 'transport' | 'channel'> & { channel: Channel; sandbox: boolean },
) {
  const { sandbox, ...rest } = message;
  const transport = chooseTransport(deps.config, message.channel, sandbox);
  const recorded = await recordMessage(trx, { ...rest, transport });
  if (recorded.created && transport !== 'outbox') {
    await deps.jobs.send(DELIVERY_JOBS.send, { messageId: recorded.id }, { within: trx });
  }
  return { ...recorded, transport };
}
