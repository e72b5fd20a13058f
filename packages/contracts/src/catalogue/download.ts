import { z } from 'zod';
import { ZFile } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * File exports and previews post a hidden form here (spec §7). `url` is the API call that makes the
 * file, below /rest/services/ (a leading /rest/services/ is accepted). Full URLs, query strings and
 * dot segments are refused, so the form can never make the server fetch from anywhere else.
 */
export const ZDownloadFileRequest = z.object({
  url: z
    .string()
    .trim()
    .regex(/^(?:\/rest\/services\/)?[A-Za-z][\w-]*(?:\/[\w-]+)*$/, 'ERR_FIELD_INVALID'),
  /** The request of the target call as JSON text: its query, or its body for a POST or PUT. */
  jsonData: z.string().max(100_000).default('{}'),
  authToken: z.string().min(1, 'ERR_TKN_INVALID').max(500),
  /** The IANA zone the screen shows times in: the file writes its date-times in it (else UTC). */
  timeZone: z.string().max(64).optional(),
});
export type TDownloadFileRequest = z.infer<typeof ZDownloadFileRequest>;

export const downloadApi = {
  downloadFile: defineEndpoint({
    id: 'download.downloadFile',
    method: 'POST',
    path: 'DownloadFile',
    summary: 'Run a file-producing call from a form post and answer the file',
    // A form post cannot carry the auth-token header: the authToken field authenticates instead.
    permission: 'public',
    body: ZDownloadFileRequest,
    response: ZFile,
    responseKind: 'file',
  }),
} as const;
