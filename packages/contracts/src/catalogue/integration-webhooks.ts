import { z } from 'zod';
import { ZId, ZIdField, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ADMIN } from './administration-common.ts';

/** What a company's systems may be told of (issue 33). */
export const WEBHOOK_EVENTS = [
  'shipping.created',
  'shipping.sent',
  'shipping.delivered',
  'shipping.read',
  'shipping.accepted',
  'shipping.rejected',
  'shipping.failed',
  'shipping.closed',
  'shipping.certificate_ready',
  'import.finished',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  enabled: z.boolean(),
  createdAt: ZTimestamp,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** A new endpoint or a rotated secret: the only answers that carry the signing secret. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });

export const ZWebhookEndpointNew = z.object({
  companyId: ZIdField,
  url: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(2000, 'ERR_FIELD_TOO_LONG'),
  events: z
    .array(ZWebhookEvent)
    .min(1, 'ERR_FIELD_REQUIRED')
    .refine((events) => new Set(events).size === events.length, 'ERR_FIELD_INVALID'),
});
export type TWebhookEndpointNew = z.infer<typeof ZWebhookEndpointNew>;

const ZEndpointId = z.object({ id: ZIdField });

export const ZWebhookEndpointEnabled = z.object({ id: ZIdField, enabled: z.boolean() });

/** One attempt to post an event to an endpoint, as its delivery log shows it. */
export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: ZWebhookEvent,
  attempt: z.number().int(),
  manual: z.boolean(),
  succeeded: z.boolean(),
  /** The endpoint's HTTP status; null when no answer came (refused, timed out, unreachable). */
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first 500 characters of the answer, or why none came. */
  responseExcerpt: z.string(),
  attemptedAt: ZTimestamp,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** A company's webhook endpoints, for its administrators. */
export const webhooksApi = {
  list: defineEndpoint({
    id: 'integration.webhooksList',
    method: 'GET',
    path: 'integration/webhooks',
    summary: "A company's webhook endpoints",
    permission: ADMIN,
    query: z.object({ companyId: ZId }),
    response: z.array(ZWebhookEndpoint),
    beyondSpec: true,
  }),
  create: defineEndpoint({
    id: 'integration.webhooksNew',
    method: 'POST',
    path: 'integration/webhooks/new',
    summary: 'Add a webhook endpoint (https); the answer carries its signing secret, shown once',
    permission: ADMIN,
    body: ZWebhookEndpointNew,
    response: ZWebhookEndpointWithSecret,
    beyondSpec: true,
  }),
  rotateSecret: defineEndpoint({
    id: 'integration.webhooksRotateSecret',
    method: 'POST',
    path: 'integration/webhooks/rotateSecret',
    summary: 'Give a webhook endpoint a new signing secret, shown once',
    permission: ADMIN,
    body: ZEndpointId,
    response: ZWebhookEndpointWithSecret,
    beyondSpec: true,
  }),
  setEnabled: defineEndpoint({
    id: 'integration.webhooksSetEnabled',
    method: 'POST',
    path: 'integration/webhooks/setEnabled',
    summary: 'Disable a webhook endpoint (it is sent nothing) or enable it again',
    permission: ADMIN,
    body: ZWebhookEndpointEnabled,
    response: ZWebhookEndpoint,
    beyondSpec: true,
  }),
  deliveries: defineEndpoint({
    id: 'integration.webhooksDeliveries',
    method: 'GET',
    path: 'integration/webhooks/deliveries',
    summary: "A webhook endpoint's delivery log, newest attempt first (the last 100)",
    permission: ADMIN,
    query: z.object({ endpointId: ZId }),
    response: z.array(ZWebhookDelivery),
    beyondSpec: true,
  }),
  sendAgain: defineEndpoint({
    id: 'integration.webhooksSendAgain',
    method: 'POST',
    path: 'integration/webhooks/sendAgain',
    summary: "Post a logged delivery's event to its endpoint once more (the same event id)",
    permission: ADMIN,
    body: z.object({ deliveryId: ZIdField }),
    response: z.object({ ok: z.literal(true) }),
    beyondSpec: true,
  }),
  remove: defineEndpoint({
    id: 'integration.webhooksDelete',
    method: 'POST',
    path: 'integration/webhooks/delete',
    summary: 'Remove a webhook endpoint',
    permission: ADMIN,
    body: ZEndpointId,
    response: z.object({ ok: z.literal(true) }),
    beyondSpec: true,
  }),
} as const;
