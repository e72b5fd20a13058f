import type { CallbackChannel, TProviderCallback } from '@sello/contracts/catalogue/delivery';
import type { TAppContext } from '../app-context.ts';
import { notFound } from '../platform/api-error.ts';
import { lockMessageByGuid, type TMessageStatus, updateMessageStatus } from './dispatch.queries.ts';
import { recordDeliveryOutcome } from './dispatch-outcomes.ts';

const TRANSPORT_OF = { sms: 'sms_http', whatsapp: 'whatsapp_http', voice: 'voice_http' } as const;

/** A message the provider has reported on keeps its final status; a later report is recorded, not applied. */
const FINAL: readonly TMessageStatus[] = ['delivered', 'failed'];

/**
 * Applies a provider's delivery report to the message it names (its guid, on that channel's transport;
 * another is 404) and records it on the shipping as evidence, moving the shipping when it decides it.
 * Answers the message's status after the report.
 */
export async function handleProviderCallback(
  ctx: Pick<TAppContext, 'db' | 'jobs'>,
  channel: CallbackChannel,
  report: TProviderCallback,
): Promise<TMessageStatus> {
  return ctx.db.transaction().execute(async (trx) => {
    const message = await lockMessageByGuid(trx, report.reference, TRANSPORT_OF[channel]);
    if (!message) throw notFound();
    const current = message.status as TMessageStatus;
    const applies = !FINAL.includes(current);
    if (applies)
      await updateMessageStatus(trx, message.id, {
        status: report.status,
        at: new Date(),
        error: report.status === 'failed' ? (report.detail ?? 'failed') : null,
      });
    // A report that no longer changes the message is still evidence of what the provider said.
    await recordDeliveryOutcome(
      ctx.jobs,
      trx,
      message,
      applies ? report.status : current === 'delivered' ? 'delivered' : 'failed',
      {
        providerRef: message.providerRef,
        detail: report.detail ?? (applies ? null : `provider reported ${report.status} after ${current}`),
        reportedAt: report.at ?? null,
        source: `callback:${channel}`,
      },
    );
    return applies ? report.status : current;
  });
}
