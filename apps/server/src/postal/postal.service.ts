import {
  COURIER_RESULTS_MAX_ROWS,
  POSTAL_BATCH_MAX_LETTERS,
  POSTAL_LIST_LIMIT,
  type TCourierResultFields,
  type TCourierResultRequest,
  type TCourierResultsImportAnswer,
  type TPostalBatch,
  type TPostalLetter,
  ZCourierResultFields,
} from '@sello/contracts/catalogue/postal';
import type { ErrorKey } from '@sello/contracts/error-keys';
import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PostalLetterStatus } from '../db/postal-schema.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, fieldError, notFound } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import { readImportFile, toImportFileFieldError } from '../platform/import-file.ts';
import { ImportFileError } from '../platform/import-read-budget.ts';
import { toIso } from '../platform/iso-date.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { assertDomainVisible, canSeeDomain, resolveDomainScope } from '../platform/tenancy.ts';
import { checkDocumentType, decodeDocument } from '../shippings/document-check.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import {
  appendEvent,
  applyTransition,
  assertAllowed,
  eventTime,
  lifecycleOf,
} from '../shippings/shipping-transitions.ts';
import { mergePdfs } from './letter-pdf.ts';
import {
  insertBatch,
  insertShippingDocument,
  lockBatch,
  lockLettersByReference,
  lockWaitingLetters,
  selectBatch,
  selectBatches,
  selectCourierProgress,
  selectLetters,
  updateBatchStatus,
  updateDeliveryOfReceiver,
  updateLetterResult,
  updateLettersOfBatch,
} from './postal.queries.ts';

type Trx = Transaction<Database>;
type TLockedLetter = Awaited<ReturnType<typeof lockLettersByReference>>[number];
type TStoredProof = { name: string; mimeType: string; sha256: string; size: number };
type TRowError = { line: number; field?: string; key: ErrorKey };

const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'image/gif', 'image/webp'];
/** CSV columns (compared without case, spaces, dashes or underscores) and the field each fills. */
const RESULT_COLUMNS: Record<string, keyof TCourierResultFields> = {
  reference: 'reference',
  result: 'result',
  date: 'date',
  courierref: 'courierRef',
};

function toBatch(row: NonNullable<Awaited<ReturnType<typeof selectBatch>>>): TPostalBatch {
  return {
    id: Number(row.id),
    status: row.status,
    letterCount: row.letterCount,
    fileSha256: row.fileSha256,
    fileSize: Number(row.fileSize),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    printedAt: toIso(row.printedAt),
    handedAt: toIso(row.handedAt),
  };
}

/** A result date is a calendar date that has happened (a day of slack for time zones). */
function isPlausibleResultDate(date: string): boolean {
  return Date.parse(`${date}T00:00:00Z`) <= Date.now() + 24 * 60 * 60 * 1000;
}

export function createPostalService(deps: { db: Kysely<Database>; blobs: TBlobStore; jobs: TJobQueue }) {
  const { db, blobs, jobs } = deps;

  async function listLetters(
    principal: TPrincipal,
    query: { domainid?: number; status?: PostalLetterStatus; batchId?: number },
  ): Promise<TPostalLetter[]> {
    const domainId = resolveDomainScope(principal, query.domainid);
    const rows = await selectLetters(db, {
      domainId,
      status: query.status,
      batchId: query.batchId === undefined ? undefined : String(query.batchId),
      limit: POSTAL_LIST_LIMIT,
    });
    return rows.map(({ sha256: _sha256, ...row }) => ({
      ...row,
      id: Number(row.id),
      batchId: row.batchId === null ? null : Number(row.batchId),
      shippingId: Number(row.shippingId),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function listBatches(principal: TPrincipal, query: { domainid?: number }): Promise<TPostalBatch[]> {
    const domainId = resolveDomainScope(principal, query.domainid);
    return (await selectBatches(db, domainId, POSTAL_LIST_LIMIT)).map(toBatch);
  }

  async function visibleBatch(principal: TPrincipal, id: number) {
    const batch = await selectBatch(db, String(id));
    assertDomainVisible(principal, batch?.domainId);
    return batch!;
  }

  async function createBatch(principal: TPrincipal, query: { domainid?: number }): Promise<TPostalBatch> {
    const domainId = resolveDomainScope(principal, query.domainid);
    const batchId = await db.transaction().execute(async (trx) => {
      const letters = await lockWaitingLetters(trx, domainId, POSTAL_BATCH_MAX_LETTERS);
      if (letters.length === 0) throw new ApiError(409, 'ERR_NOTHING_TO_BATCH');
      const files: Uint8Array[] = [];
      for (const letter of letters) files.push(await blobs.read(letter.sha256));
      const stored = await blobs.put(Buffer.from(await mergePdfs(files)));
      const id = await insertBatch(trx, {
        domainId,
        letterCount: letters.length,
        fileSha256: stored.sha256,
        fileSize: stored.size,
        createdBy: principal.userId,
      });
      await updateLettersOfBatch(
        trx,
        id,
        'batched',
        letters.map((letter) => letter.id),
      );
      return id;
    });
    return toBatch((await selectBatch(db, batchId))!);
  }

  async function sendBatchFile(principal: TPrincipal, id: number, reply: FastifyReply) {
    const batch = await visibleBatch(principal, id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(batch.fileSize))
      .header('content-disposition', contentDisposition('attachment', `postal-batch-${batch.id}.pdf`))
      .header('x-content-sha256', batch.fileSha256)
      .send(await blobs.open(batch.fileSha256));
  }

  /** created → printed → handed; the batch's letters follow, except those the courier answered. */
  async function advanceBatch(principal: TPrincipal, id: number, to: 'printed' | 'handed'): Promise<TPostalBatch> {
    await db.transaction().execute(async (trx) => {
      const batch = await lockBatch(trx, String(id));
      assertDomainVisible(principal, batch?.domainId);
      const expected = to === 'printed' ? 'created' : 'printed';
      if (batch!.status !== expected) {
        throw new ApiError(409, 'ERR_TRANSITION_NOT_ALLOWED', undefined, { action: to, state: batch!.status });
      }
      await updateBatchStatus(trx, batch!.id, to, principal.userId, new Date());
      await updateLettersOfBatch(trx, batch!.id, to);
    });
    return toBatch((await selectBatch(db, String(id)))!);
  }

  /**
   * Why a letter cannot take a courier result now, or null when it can. An unknown reference and
   * another domain's letter answer the same, as a field error of the reference the operator typed.
   */
  function letterProblem(principal: TPrincipal, letter: TLockedLetter | undefined): ApiError | null {
    if (!letter || !canSeeDomain(principal, letter.domainId)) return fieldError('reference', 'ERR_NOT_FOUND');
    if (letter.status !== 'handed') {
      return new ApiError(
        409,
        'ERR_TRANSITION_NOT_ALLOWED',
        { reference: 'ERR_TRANSITION_NOT_ALLOWED' },
        {
          action: 'courierResult',
          state: letter.status,
        },
      );
    }
    return null;
  }

  /**
   * Records the courier's answer for one letter: its proof as a shipping document, the letter, the
   * receiver and message statuses, and an event. When it is the last letter of the shipping still
   * travelling, the shipping moves: every letter delivered → courierDelivered, any failed → courierFailed.
   */
  async function applyResult(
    trx: Trx,
    principal: TPrincipal,
    letter: TLockedLetter,
    fields: TCourierResultFields,
    proof: TStoredProof | null,
  ): Promise<string> {
    const shipping = await lockShipping(trx, null, letter.shippingId);
    if (!shipping) throw notFound();
    const at = eventTime();
    // The receiver answered online (the letter's link) before the courier did: the shipping waits for
    // its certificate, and the courier's result is recorded as evidence without moving it.
    const answeredOnline = shipping.state === 'pending_cert';
    if (!answeredOnline) assertAllowed(shipping, fields.result === 'delivered' ? 'courierDelivered' : 'courierFailed');
    const proofDocumentId = proof
      ? await insertShippingDocument(trx, {
          shippingId: letter.shippingId,
          kind: 'courier_proof',
          receiverId: letter.receiverId,
          name: proof.name,
          mimeType: proof.mimeType,
          sizeBytes: proof.size,
          sha256: proof.sha256,
        })
      : null;
    await updateLetterResult(trx, letter.id, {
      status: fields.result,
      courierRef: fields.courierRef,
      date: fields.date,
      at,
      userId: principal.userId,
      proofDocumentId,
    });
    await updateDeliveryOfReceiver(trx, letter, fields.result, at);
    const details = {
      reference: letter.reference,
      result: fields.result,
      date: fields.date,
      courierRef: fields.courierRef,
      proofSha256: proof?.sha256 ?? null,
    };
    const progress = await selectCourierProgress(trx, letter.shippingId);
    if (progress.open > 0 || answeredOnline) {
      // Other letters of the shipping are still with the courier: the answer is evidence, not a move.
      const lifecycle = lifecycleOf(shipping);
      await appendEvent(trx, shipping, {
        at,
        actor: principal.userId,
        action: 'courierResult',
        from: lifecycle,
        to: lifecycle,
        details,
      });
      return shipping.state;
    }
    const to = await applyTransition(
      trx,
      jobs,
      shipping,
      progress.failed ? 'courierFailed' : 'courierDelivered',
      principal.userId,
      { details },
    );
    return to.state;
  }

  async function storeProof(proof: NonNullable<TCourierResultRequest['proof']>): Promise<TStoredProof> {
    const decoded = decodeDocument(proof.data);
    if (decoded.bytes.length === 0) throw fieldError('proof.data', 'ERR_FILE_EMPTY');
    const mimeType = checkDocumentType(proof.name, decoded);
    if (!mimeType || !PROOF_TYPES.includes(mimeType)) throw fieldError('proof.data', 'ERR_FILE_TYPE');
    const stored = await blobs.put(decoded.bytes);
    return { name: proof.name, mimeType, sha256: stored.sha256, size: stored.size };
  }

  async function enterResult(principal: TPrincipal, request: TCourierResultRequest) {
    if (!isPlausibleResultDate(request.date)) throw fieldError('date', 'ERR_FIELD_INVALID');
    const proof = request.proof ? await storeProof(request.proof) : null;
    return db.transaction().execute(async (trx) => {
      const [letter] = await lockLettersByReference(trx, [request.reference]);
      const problem = letterProblem(principal, letter);
      if (problem) throw problem;
      const shippingState = await applyResult(trx, principal, letter!, request, proof);
      return { reference: request.reference, letterStatus: request.result, shippingState };
    });
  }

  function validateRows(rows: { line: number; cells: Record<string, string> }[]) {
    const errors: TRowError[] = [];
    const valid: { line: number; fields: TCourierResultFields }[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const candidate = Object.fromEntries(
        Object.entries(RESULT_COLUMNS).map(([column, field]) => [field, row.cells[column] ?? '']),
      );
      if (typeof candidate.result === 'string') candidate.result = candidate.result.toLowerCase();
      const parsed = ZCourierResultFields.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const empty = candidate[field] === '';
          errors.push({ line: row.line, field, key: empty ? 'ERR_FIELD_REQUIRED' : (issue.message as ErrorKey) });
        }
        continue;
      }
      if (!isPlausibleResultDate(parsed.data.date)) {
        errors.push({ line: row.line, field: 'date', key: 'ERR_FIELD_INVALID' });
        continue;
      }
      const reference = parsed.data.reference.toLowerCase();
      if (seen.has(reference)) {
        errors.push({ line: row.line, field: 'reference', key: 'ERR_DUPLICATE_IN_FILE' });
        continue;
      }
      seen.set(reference, row.line);
      valid.push({ line: row.line, fields: { ...parsed.data, reference } });
    }
    return { errors, valid };
  }

  async function importResults(principal: TPrincipal, data: string): Promise<TCourierResultsImportAnswer> {
    let file: Awaited<ReturnType<typeof readImportFile>>;
    try {
      file = await readImportFile(decodeDocument(data).bytes, {}, { maxRows: COURIER_RESULTS_MAX_ROWS });
    } catch (error) {
      if (error instanceof ImportFileError) throw toImportFileFieldError('data', error);
      throw error;
    }
    const missing = Object.entries(RESULT_COLUMNS).filter(([column]) => !file.columns.includes(column));
    if (missing.length > 0) {
      return { applied: 0, failed: missing.map(([, field]) => ({ line: 1, field, key: 'ERR_FIELD_REQUIRED' })) };
    }
    if (file.rows.length === 0) throw fieldError('data', 'ERR_FILE_EMPTY');
    if (file.rows.length > COURIER_RESULTS_MAX_ROWS) throw fieldError('data', 'ERR_TOO_MANY_ROWS');

    const { errors, valid } = validateRows(file.rows);
    const rollback = new Error('courier results rolled back');
    try {
      return await db.transaction().execute(async (trx) => {
        const letters = await lockLettersByReference(
          trx,
          valid.map((row) => row.fields.reference),
        );
        for (const row of valid) {
          const problem = letterProblem(
            principal,
            letters.find((letter) => letter.reference === row.fields.reference),
          );
          if (problem)
            errors.push({ line: row.line, field: 'reference', key: problem.fields?.reference ?? problem.key });
        }
        if (errors.length > 0) throw rollback;
        for (const row of valid) {
          const letter = letters.find((candidate) => candidate.reference === row.fields.reference)!;
          try {
            await applyResult(trx, principal, letter, row.fields, null);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            errors.push({ line: row.line, field: 'reference', key: error.key });
            throw rollback;
          }
        }
        return { applied: valid.length, failed: [] };
      });
    } catch (error) {
      if (error !== rollback) throw error;
      return { applied: 0, failed: errors.sort((a, b) => a.line - b.line) };
    }
  }

  return {
    listLetters,
    listBatches,
    createBatch,
    sendBatchFile,
    markPrinted: (principal: TPrincipal, id: number) => advanceBatch(principal, id, 'printed'),
    markHanded: (principal: TPrincipal, id: number) => advanceBatch(principal, id, 'handed'),
    enterResult,
    importResults,
  };
}
