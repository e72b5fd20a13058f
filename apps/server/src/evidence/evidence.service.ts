import { offeredDownloadOptions } from '@sello/contracts/catalogue/evidence';
import type { TDownloadRequest } from '@sello/contracts/catalogue/shippings-files';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { recordVisibility } from '../shippings/shipping-access.ts';
import { selectVisibleIds } from '../shippings/shipping-detail.queries.ts';
import type { createShippingsService } from '../shippings/shippings.service.ts';
import { selectDocumentKinds } from './evidence.queries.ts';
import { verifyShipping } from './evidence-verify.ts';

export function createEvidenceService(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  shippings: ReturnType<typeof createShippingsService>;
}) {
  const { db, blobs, shippings } = deps;

  /** Same visibility as the detail: a shipping the user cannot open is 404. */
  async function verify(principal: TPrincipal, requestId: number) {
    const shipping = await shippings.findVisible(principal, requestId);
    return verifyShipping({ db, blobs }, shipping.id);
  }

  /** Which options the documentation download dialog enables for these shippings. */
  async function downloadAvailability(principal: TPrincipal, requestIds: TDownloadRequest['listOfRequests']) {
    const requested = [...new Set(requestIds)];
    const found = await selectVisibleIds(db, recordVisibility(principal), requested);
    const visible = found.filter((row) => row.deletedAt === null || principal.permissions.shpBin === true);
    if (visible.length !== requested.length) throw notFound();
    const kinds = await selectDocumentKinds(
      db,
      visible.map((row) => row.id),
    );
    return { options: offeredDownloadOptions(kinds) };
  }

  return { verify, downloadAvailability };
}
