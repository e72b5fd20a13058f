import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createAccessResend } from './access-resend.service.ts';

/** A sender has the access message sent again to the receivers who have not answered. */
export function registerAccessResendRoutes(ctx: TAppContext): void {
  const accessResend = createAccessResend(ctx);
  registerEndpoint(ctx.app, shippingsActionsApi.sendAccessCommunication, ({ principal, params }) =>
    accessResend.sendAccessCommunication(principal, params.id),
  );
}
