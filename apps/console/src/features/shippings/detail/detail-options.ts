import { offeredDownloadOptions as offeredForKinds } from '@sello/contracts/catalogue/evidence';
import type { TShippingDocument } from '@sello/contracts/catalogue/shippings-detail';
import type { DownloadOption } from '@sello/contracts/enums';

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
