import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The channels whose provider reports deliveries back (the generic JSON HTTP provider). */
export const CALLBACK_CHANNELS = ['sms', 'whatsapp', 'voice'] as const;
export type CallbackChannel = (typeof CALLBACK_CHANNELS)[number];

/**
 * A provider's delivery report (docs/decisions/delivery.md "Dispatch"): the message guid it was given as
 * `reference`, what became of it, when, and the provider's own words. The raw body is signed with
 * HMAC-SHA256 under PROVIDER_CALLBACK_SECRET, hex in the `x-sello-signature` header.
 */
export const ZProviderCallback = z.object({
  reference: z.uuid('ERR_FIELD_INVALID'),
  status: z.enum(['delivered', 'failed']),
  at: z.iso.datetime({ offset: true }).optional(),
  detail: z.string().max(500).optional(),
});
export type TProviderCallback = z.infer<typeof ZProviderCallback>;

export const deliveryApi = {
  providerCallback: defineEndpoint({
    id: 'delivery.providerCallback',
    method: 'POST',
    path: 'delivery/callback/{channel}',
    summary: 'Delivery report of an SMS or WhatsApp provider (signed, no session)',
    // Providers have no session: the signature of the body authenticates them.
    permission: 'public',
    params: z.object({ channel: z.enum(CALLBACK_CHANNELS) }),
    body: ZProviderCallback,
    response: z.object({ status: z.enum(['delivered', 'failed', 'sent', 'unknown', 'queued', 'sending']) }),
    beyondSpec: true,
  }),
} as const;
