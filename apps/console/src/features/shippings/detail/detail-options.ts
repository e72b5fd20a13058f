import { offeredDownloadOptions as offeredForKinds } from '@sello/contracts/catalogue/evidence';
import type { TShippingDetail, TShippingDocument } from '@sello/contracts/catalogue/shippings';
import type { DownloadOption } from '@sello/contracts/enums';
import type { TPermissionMap } from '@sello/contracts/permissions';
import { ACCESS_RESEND_STATES, resendsAccess } from '@sello/contracts/shipping-rules';

/** The download options a shipping offers: those with at least one stored file of their kinds. */
export function offeredDownloadOptions(documents: readonly Pick<TShippingDocument, 'kind'>[]): DownloadOption[] {
  return offeredForKinds(documents.map((document) => document.kind));
}

/** A size in bytes as the console shows it (KB and MB with one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Whether the detail offers to send the access again: the server's rule (docs/decisions.md, "Sending the
 * access again") for a live shipping in `sent`/`in_course`, a user holding `newSend`, and a kind and
 * channel whose access can travel again. The server still checks the receivers and the cap.
 */
export function offersAccessResend(
  shipping: Pick<TShippingDetail, 'state' | 'deleted' | 'service' | 'channel'>,
  permissions: TPermissionMap,
): boolean {
  return (
    permissions.newSend === true &&
    !shipping.deleted &&
    ACCESS_RESEND_STATES.includes(shipping.state) &&
    resendsAccess(shipping.service, shipping.channel)
  );
}
