import { z } from 'zod';
import { ZId } from '../common.ts';
import type { TPermissionRule } from '../endpoint.ts';

/** Reading shippings: the full list or the authorisations list (spec §6). */
export const READ = { any: ['shippingList', 'shippingListOnlyAuth'] } as const satisfies TPermissionRule;
/**
 * Changing shippings also needs edit mode. Authorising and denying do not: authorisers may only hold
 * the authorisations list; the server checks that the user is an authoriser of each shipping.
 */
export const EDIT = {
  all: ['editMode'],
  any: ['shippingList', 'shippingListOnlyAuth'],
} as const satisfies TPermissionRule;
export const CREATE = { all: ['newSend', 'editMode'] } as const satisfies TPermissionRule;
/** The new-shipping form needs the types too, even without a list permission. */
export const READ_TYPES = {
  any: ['shippingList', 'shippingListOnlyAuth', 'newSend'],
} as const satisfies TPermissionRule;
/** Recovering happens in the deleted-items area, which the bin flag opens. */
export const BIN = { all: ['shpBin'] } as const satisfies TPermissionRule;

export const ZRequestIdQuery = z.object({ requestId: ZId });
/** A document of a shipping, by its number within the shipping. */
export const ZFileRequest = z.coerce.number().int().positive();

/**
 * Which shippings a list covers (spec §6: "a search can cover 'all' or only the user's own"):
 * `own` the ones the user sent (`/shippings`), `all` every one the user may see (`/shippings/all`),
 * `auth` the ones waiting for the user's authorisation (the authorisations list). A user holding
 * only `shippingListOnlyAuth` always gets `auth`.
 */
export const SHIPPING_LIST_SCOPES = ['own', 'all', 'auth'] as const;
export type ShippingListScope = (typeof SHIPPING_LIST_SCOPES)[number];
export const ZShippingListScope = z.enum(SHIPPING_LIST_SCOPES);

/** Longest free-text search. */
export const SHIPPING_SEARCH_MAX = 200;
