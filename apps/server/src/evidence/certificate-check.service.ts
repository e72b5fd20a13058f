import { createHash } from 'node:crypto';
import type { TCertificateCheck } from '@sello/contracts/catalogue/certificate-check';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import {
  selectCertificateByCode,
  selectCertificateBySha256,
  type TStoredCertificate,
} from './certificate-codes.queries.ts';
import { selectChain } from './evidence.queries.ts';
import { findChainBreaks } from './evidence-verify.ts';
import { checkPdfSeal } from './pdf-seal-check.ts';
import type { TSeal } from './seal.ts';
import { normaliseVerificationCode } from './verification-code.ts';

type TDeps = { db: Kysely<Database>; blobs: TBlobStore; loadSeal: () => Promise<TSeal> };

/** A PDF starts with `%PDF-` within its first kilobyte (ISO 32000 allows bytes before it). */
const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The base64 of a file, bare or as a data URL; null when it is neither. */
function decodeContent(content: string): Buffer | null {
  const base64 = content.startsWith('data:') ? content.slice(content.indexOf(',') + 1) : content;
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) return null;
  return Buffer.from(base64, 'base64');
}

/**
 * The public verification of certificates: it checks the seal and time-stamp of the PDF itself, and says whether
 * Sello stored exactly this file (as issued, or extended since by archive time-stamps). Only then does it list what that certificate lists (its events up to the ones it
 * was issued with): a caller learns nothing the certificate does not already show.
 */
export function createCertificateCheckService(deps: TDeps) {
  async function describe(stored: TStoredCertificate): Promise<NonNullable<TCertificateCheck['certificate']>> {
    const events = (await selectChain(deps.db, stored.shippingId)).slice(0, stored.eventCount);
    const head = { eventCount: events.length, lastEventHash: events.at(-1)?.hash ?? null };
    return {
      requestId: Number(stored.shippingId),
      kind: stored.kind,
      code: stored.code,
      issuedAt: stored.issuedAt.toISOString(),
      chainValid: events.length === stored.eventCount && findChainBreaks(events, head).length === 0,
      events: events.map((event) => ({ seq: event.seq, at: event.at, action: event.action, hash: event.hash })),
    };
  }

  async function check(bytes: Buffer, stored: TStoredCertificate | undefined): Promise<TCertificateCheck> {
    const seal = checkPdfSeal(bytes);
    if (!seal) throw new ApiError(400, 'ERR_CERTIFICATE_NOT_SIGNED');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const ours = (await deps.loadSeal()).leaf.fingerprint256;
    // Found by the file's hash (or a version it extends with archive time-stamps), or read from the store by code.
    const issued = stored !== undefined;
    return {
      sha256,
      seal: {
        valid: seal.valid,
        subject: seal.signer?.subject ?? null,
        fingerprint: seal.signer?.fingerprint ?? null,
        provider: seal.signer?.fingerprint === ours,
      },
      timestamp: seal.timestamp,
      issued,
      certificate: issued ? await describe(stored) : null,
    };
  }

  return {
    async checkFile(content: string): Promise<TCertificateCheck> {
      const bytes = decodeContent(content);
      if (!bytes || !isPdf(bytes)) throw new ApiError(400, 'ERR_CERTIFICATE_NOT_PDF');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return check(bytes, await selectCertificateBySha256(deps.db, sha256));
    },

    async checkCode(input: string): Promise<TCertificateCheck> {
      const code = normaliseVerificationCode(input);
      const stored = code === null ? undefined : await selectCertificateByCode(deps.db, code);
      if (!stored) throw new ApiError(404, 'ERR_CERTIFICATE_CODE_UNKNOWN');
      let bytes: Buffer;
      try {
        bytes = await deps.blobs.read(stored.sha256);
      } catch (error) {
        throw Object.assign(new ApiError(503, 'ERR_FILE_UNAVAILABLE'), { cause: error });
      }
      return check(bytes, stored);
    },
  };
}
