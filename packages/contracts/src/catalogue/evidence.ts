import { z } from 'zod';
import { ZId, ZIdList } from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { DOWNLOAD_OPTIONS, type DownloadOption, ZDownloadOption } from '../enums.ts';
import { ZShippingDocumentKind } from './shippings-detail.ts';
import { DOWNLOAD_OPTION_KINDS } from './shippings-files.ts';

/** Whoever may read a shipping's detail may check its evidence. */
const READ = { any: ['shippingList', 'shippingListOnlyAuth'] } as const satisfies TPermissionRule;

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * One break of a shipping's event chain: `sequence` (the numbers do not follow 1, 2, 3…), `prevHash`
 * (the event does not name the hash of the one before), `hash` (the event's content no longer gives
 * its hash), `head` (the shipping's recorded head is not the last event).
 */
export const ZChainBreak = z.object({
  seq: z.number().int(),
  problem: z.enum(['sequence', 'prevHash', 'hash', 'head']),
  expected: z.string().nullable(),
  found: z.string().nullable(),
});
export type TChainBreak = z.infer<typeof ZChainBreak>;

/** A stored document whose bytes are gone (`missing`) or no longer give the recorded SHA-256 (`hash`). */
export const ZDocumentBreak = z.object({
  fileRequest: z.number().int(),
  kind: ZShippingDocumentKind,
  name: z.string(),
  problem: z.enum(['missing', 'hash']),
  expected: ZSha256,
  found: ZSha256.nullable(),
});

export const ZShippingVerification = z.object({
  requestId: z.number().int(),
  valid: z.boolean(),
  events: z.number().int(),
  lastEventHash: ZSha256.nullable(),
  documents: z.number().int(),
  chainBreaks: z.array(ZChainBreak),
  documentBreaks: z.array(ZDocumentBreak),
  verifiedAt: z.string(),
});
export type TShippingVerification = z.infer<typeof ZShippingVerification>;

/** The download options with a file among the stored kinds (`pack` whenever there is any file). */
export function offeredDownloadOptions(kinds: readonly string[]): DownloadOption[] {
  return DOWNLOAD_OPTIONS.filter((option) =>
    (DOWNLOAD_OPTION_KINDS[option] as readonly string[]).some((kind) => kinds.includes(kind)),
  );
}

/** The download options that have at least one file among the chosen shippings. */
export const ZDownloadAvailability = z.object({ options: z.array(ZDownloadOption) });

export const evidenceApi = {
  verify: defineEndpoint({
    id: 'evidence.verify',
    method: 'GET',
    path: 'shippings/verify',
    summary: "Recompute a shipping's event chain and the SHA-256 of every stored document",
    permission: READ,
    query: z.object({ requestId: ZId }),
    response: ZShippingVerification,
    beyondSpec: true,
  }),
  downloadAvailability: defineEndpoint({
    id: 'evidence.downloadAvailability',
    method: 'PUT',
    path: 'shippings/downloadAvailability',
    summary: 'Which documentation download options have files for the chosen shippings',
    permission: READ,
    body: z.object({ listOfRequests: ZIdList }),
    response: ZDownloadAvailability,
    beyondSpec: true,
  }),
} as const;
