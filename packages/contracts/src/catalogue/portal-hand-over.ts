import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZPortalView } from './portal.ts';

/**
 * Opening a page handed over at the desk: the one-time access in `x-receiver-token` is spent, the hand-over is
 * recorded as evidence, and the page goes on with an access of its own (`token`), valid for a bounded time.
 */
export const ZPortalHandOverOpened = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  kiosk: z.boolean(),
  view: ZPortalView,
});
export type TPortalHandOverOpened = z.infer<typeof ZPortalHandOverOpened>;

export const portalHandOverApi = {
  handOverOpen: defineEndpoint({
    id: 'portal.handOverOpen',
    method: 'POST',
    path: 'portal/handOver/open',
    summary: 'Opens a receiver’s page handed over at the desk (once), recording the hand-over',
    permission: 'public',
    response: ZPortalHandOverOpened,
    beyondSpec: true,
  }),
} as const;
