import { z } from 'zod';
import { ZIdField } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { EDIT } from './shippings-common.ts';

/**
 * Handing an on-screen shipping over at the desk (docs/decisions/recipient-pages.md "Hand-over at the desk"): the
 * sender mints a one-time access to one receiver's page, either opened in a locked kiosk view on the sender's own
 * screen or shown as a QR code for the receiver's phone. The receiver's own link and PIN are never shown.
 */
export const HAND_OVER_METHODS = ['kiosk', 'qr'] as const;
export type HandOverMethod = (typeof HAND_OVER_METHODS)[number];

/** How long a hand-over's page stays usable once the receiver has opened it (the one-time access is spent then). */
export const HAND_OVER_SESSION_MINUTES = 60;

/** Shipping states in which a receiver's page may be handed over: dispatched, not closed. */
const HAND_OVER_STATES: readonly string[] = ['sent', 'in_course'];
/** Receiver statuses that can still act: reached (its page exists) and not answered, failed or expired. */
const HAND_OVER_RECEIVER_STATUSES: readonly string[] = ['sent', 'delivered', 'opened'];

/** Whether a receiver of a live on-screen shipping may be handed its page now (the server checks again when asked). */
export function handsOver(
  shipping: { state: string; channel: string; deleted: boolean },
  receiver: { status: string },
): boolean {
  return (
    shipping.channel === 'onscreen' &&
    !shipping.deleted &&
    HAND_OVER_STATES.includes(shipping.state) &&
    HAND_OVER_RECEIVER_STATUSES.includes(receiver.status)
  );
}

export const ZHandOverRequest = z.object({
  requestId: ZIdField,
  /** The receiver's position in the shipping (1-based, as the detail lists them). */
  position: z.number().int().min(1),
  method: z.enum(HAND_OVER_METHODS),
});
export type THandOverRequest = z.infer<typeof ZHandOverRequest>;

export const ZHandOver = z.object({
  method: z.enum(HAND_OVER_METHODS),
  /** The one-time address of the receiver's page: the kiosk route, or the phone's link the QR code holds. */
  url: z.string(),
  /** Until when the address may be opened (once). */
  expiresAt: z.iso.datetime(),
  receiverName: z.string(),
  /** The QR code of `url`, one string per row of modules, `1` dark and `0` light; null for the kiosk. */
  qr: z.array(z.string()).nullable(),
});
export type THandOver = z.infer<typeof ZHandOver>;

export const shippingsHandOverApi = {
  handOver: defineEndpoint({
    id: 'shippings.handOver',
    method: 'POST',
    path: 'shippings/handOver',
    summary: "Hand an on-screen shipping's receiver its page at the desk: a one-time kiosk view or QR link",
    permission: EDIT,
    body: ZHandOverRequest,
    response: ZHandOver,
    methodChosen: true,
    beyondSpec: true,
  }),
} as const;
