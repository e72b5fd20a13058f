import type { Readable } from 'node:stream';
import { DOWNLOAD_OPTION_KINDS, type TDownloadRequest } from '@sello/contracts/catalogue/shippings-files';
import { PREFERENCES } from '@sello/contracts/constants';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { recordVisibility } from './shipping-access.ts';
import { selectVisibleIds } from './shipping-detail.queries.ts';
import { selectDocument, selectDocumentOfKind, selectDocuments } from './shipping-documents.queries.ts';
import type { createShippingsService } from './shippings.service.ts';

/** Store look-ups a pack makes at once while checking its files. */
const PACK_CHECKS_AT_ONCE = 8;

type TDocumentFile = { name: string; mimeType: string; sizeBytes: string; sha256: string };

/** A file name safe inside an archive: no folders, no control characters. */
function archiveName(name: string): string {
  return [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20)
    .join('')
    .replace(/[/\\]/g, '_');
}

export function createShippingFiles(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  preferences: TPreferences;
  shippings: ReturnType<typeof createShippingsService>;
  logger: FastifyBaseLogger;
}) {
  const { db, blobs, preferences, shippings, logger } = deps;

  async function sendDocument(reply: FastifyReply, document: TDocumentFile, disposition: 'inline' | 'attachment') {
    const stream = await blobs.open(document.sha256);
    return reply
      .header('content-type', document.mimeType)
      .header('content-length', document.sizeBytes)
      .header('content-disposition', contentDisposition(disposition, document.name))
      .header('x-content-sha256', document.sha256)
      .send(stream);
  }

  async function documentOf(principal: TPrincipal, requestId: number, fileRequest: number) {
    const shipping = await shippings.findVisible(principal, requestId);
    const document = await selectDocument(db, shipping.id, fileRequest);
    if (!document) throw notFound();
    return { shipping, document };
  }

  async function readOriginalFile(principal: TPrincipal, requestId: number, fileRequest: number, reply: FastifyReply) {
    const { document } = await documentOf(principal, requestId, fileRequest);
    return sendDocument(reply, document, 'inline');
  }

  async function downloadFile(principal: TPrincipal, requestId: number, fileRequest: number, reply: FastifyReply) {
    const { document } = await documentOf(principal, requestId, fileRequest);
    return sendDocument(reply, document, 'attachment');
  }

  /** A document of a shipping that waits for authorisation, for its authorisers to read before deciding. */
  async function downloadAuthFile(principal: TPrincipal, requestId: number, fileRequest: number, reply: FastifyReply) {
    const { shipping, document } = await documentOf(principal, requestId, fileRequest);
    if (shipping.deletedAt !== null || (shipping.state !== 'pending_auth' && shipping.state !== 'auths_pending_user')) {
      throw new ApiError(409, 'ERR_NOT_PENDING_AUTH');
    }
    return sendDocument(reply, document, 'attachment');
  }

  /** The evidence document (certificate) of a shipping, once the delivery side has produced it. */
  async function downloadPtRequest(principal: TPrincipal, requestId: number, reply: FastifyReply) {
    const shipping = await shippings.findVisible(principal, requestId);
    const certificate = await selectDocumentOfKind(db, shipping.id, 'certificate');
    if (!certificate) throw new ApiError(409, 'ERR_NO_EVIDENCE');
    return sendDocument(reply, certificate, 'attachment');
  }

  /**
   * The shippings and files a documentation download takes. Every shipping must be one the user sees
   * (404 otherwise), at most NUM_DOWNLOAD of them.
   */
  async function collect(principal: TPrincipal, request: TDownloadRequest) {
    const limit = await preferences.getNumber(PREFERENCES.numDownload, 50);
    const requested = [...new Set(request.listOfRequests)];
    if (requested.length > limit) {
      throw new ApiError(400, 'ERR_DOWNLOAD_LIMIT', { listOfRequests: 'ERR_DOWNLOAD_LIMIT' }, { limit });
    }
    const visibility = recordVisibility(principal);
    const found = await selectVisibleIds(db, visibility, requested);
    const visible = found.filter((row) => row.deletedAt === null || principal.permissions.shpBin === true);
    if (visible.length !== requested.length) throw notFound();
    const kinds = [...new Set(request.downloadOptions.flatMap((option) => DOWNLOAD_OPTION_KINDS[option]))];
    const documents = await selectDocuments(
      db,
      visible.map((row) => row.id),
      kinds,
    );
    return { limit, shippings: visible, documents };
  }

  async function numberDownloadFiles(principal: TPrincipal, request: TDownloadRequest) {
    const { limit, shippings: found, documents } = await collect(principal, request);
    return { count: documents.length, shippings: found.length, limit };
  }

  /**
   * Checks, before the first byte of a pack leaves, that the store can give back every file in it: a pack is
   * whole or not sent. A file that is gone answers 404, a store that does not answer 503, both
   * ERR_FILE_UNAVAILABLE naming the files (their paths in the pack).
   */
  async function checkPackFiles(files: readonly { path: string; sha256: string }[]) {
    const missing: string[] = [];
    let storeDown = false;
    for (let next = 0; next < files.length; next += PACK_CHECKS_AT_ONCE) {
      await Promise.all(
        files.slice(next, next + PACK_CHECKS_AT_ONCE).map(async (file) => {
          const found = await blobs.has(file.sha256).catch(() => {
            storeDown = true;
            return false;
          });
          if (!found) missing.push(file.path);
        }),
      );
    }
    if (missing.length === 0) return;
    throw new ApiError(storeDown ? 503 : 404, 'ERR_FILE_UNAVAILABLE', undefined, {
      files: missing.sort().join(', '),
    });
  }

  /**
   * One ZIP: `<requestId>/<kind>/<fileRequest>-<name>` for each file, `SHA256SUMS` (the format
   * `sha256sum -c` reads) and `manifest.json` with each shipping's event chain head. An option none
   * of the shippings has a file for answers 409 ERR_DOWNLOAD_NOT_AVAILABLE naming it; `pack` takes
   * whatever exists.
   */
  async function downloadFiles(principal: TPrincipal, request: TDownloadRequest, reply: FastifyReply) {
    const { shippings: found, documents } = await collect(principal, request);
    const missing = request.downloadOptions.filter(
      (option) =>
        option !== 'pack' &&
        !documents.some((document) => (DOWNLOAD_OPTION_KINDS[option] as readonly string[]).includes(document.kind)),
    );
    if (missing.length > 0 || documents.length === 0) {
      throw new ApiError(409, 'ERR_DOWNLOAD_NOT_AVAILABLE', undefined, {
        options: (missing.length > 0 ? missing : request.downloadOptions).join(','),
      });
    }
    const zip = new ZipFile();
    const sums: string[] = [];
    const manifest = found
      .map((shipping) => ({
        requestId: Number(shipping.id),
        guid: shipping.guid,
        state: shipping.state,
        events: shipping.eventCount,
        lastEventHash: shipping.lastEventHash,
        files: documents
          .filter((document) => document.shippingId === shipping.id)
          .map((document) => {
            const path = `${shipping.id}/${document.kind}/${document.position}-${archiveName(document.name)}`;
            sums.push(`${document.sha256}  ${path}`);
            return {
              path,
              fileRequest: document.position,
              kind: document.kind,
              name: document.name,
              mimeType: document.mimeType,
              sizeBytes: Number(document.sizeBytes),
              sha256: document.sha256,
            };
          }),
      }))
      .sort((a, b) => a.requestId - b.requestId);
    await checkPackFiles(manifest.flatMap((entry) => entry.files));
    // A file that fails once the pack has started (the store went away, a file changed size) cuts the download
    // short, logged: the answer's status is gone, and a pack missing a file must not look whole.
    zip.on('error', (error: Error) => {
      logger.error({ err: error }, 'documentation pack cut short');
      (zip.outputStream as Readable).destroy(error);
    });
    for (const entry of manifest) {
      for (const file of entry.files) {
        zip.addReadStreamLazy(file.path, { size: file.sizeBytes }, (callback) => {
          blobs.open(file.sha256).then(
            (stream) => callback(null, stream),
            (error: Error) => callback(error, undefined as never),
          );
        });
      }
    }
    zip.addBuffer(Buffer.from(`${sums.join('\n')}\n`), 'SHA256SUMS');
    zip.addBuffer(
      Buffer.from(JSON.stringify({ generatedAt: new Date().toISOString(), shippings: manifest }, null, 2)),
      'manifest.json',
    );
    zip.end();
    const name = found.length === 1 ? `shipping-${found[0]!.id}.zip` : `shippings-${found.length}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', name))
      .send(zip.outputStream);
  }

  return { readOriginalFile, downloadFile, downloadAuthFile, downloadPtRequest, numberDownloadFiles, downloadFiles };
}
