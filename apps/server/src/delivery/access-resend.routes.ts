import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsCreateApi } from '@sello/contracts/catalogue/shippings-create';
import type { TAppContext } from '../app-context.ts';
import { registerEndpoint } from '../platform/register-endpoint.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { createAccessResend } from './access-resend.service.ts';
import { createMessagePreview } from './message-preview.service.ts';
import { createShippingSmsComposer } from './new-shipping-sms.ts';

/** A sender has the access message sent again to the receivers who have not answered, or previews it before sending. */
export function registerAccessResendRoutes(ctx: TAppContext): void {
  const accessResend = createAccessResend(ctx);
  registerEndpoint(ctx.app, shippingsActionsApi.sendAccessCommunication, ({ principal, params }) =>
    accessResend.sendAccessCommunication(principal, params.id),
  );
  // The new-shipping form's preview: creation's rules, then the access message as the dispatch writes it.
  const creation = createShippingCreation({ ...ctx, composeSms: createShippingSmsComposer(ctx) });
  const previewMessage = createMessagePreview(ctx, creation);
  registerEndpoint(ctx.app, shippingsCreateApi.previewMessage, ({ principal, body }) =>
    previewMessage(principal, body),
  );
}
