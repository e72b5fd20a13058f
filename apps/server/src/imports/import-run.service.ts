import { createHash } from 'node:crypto';
import { type TSendRequest, ZSendRequest } from '@sello/contracts/catalogue/shippings-create';
import type { ErrorKey } from '@sello/contracts/error-keys';
import type { Kysely } from 'kysely';
import type { TImportSettings } from '../db/import-schema.ts';
import type { Database } from '../db/schema.ts';
import { recordImportFinished } from '../integration/webhook-events.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { type TPrincipal, toPrincipal } from '../platform/principal.ts';
import type {
  createShippingCreation,
  TCheckedRequest,
  TCheckedShipping,
  TCreationLookups,
} from '../shippings/shipping-create.service.ts';
import { directLookups } from '../shippings/shipping-create.service.ts';
import type { TNewDocument } from '../shippings/shipping-documents.queries.ts';
import { applyTransitions } from '../shippings/shipping-transitions.ts';
import { rowDocuments, rowToRequest } from './import-columns.ts';
import { failPendingRows } from './import-rows.queries.ts';
import {
  addCreated,
  countRowsToCreate,
  lockImportRelease,
  lockPendingShippings,
  lockRowsToCreate,
  markRowsCreated,
  selectImport,
  selectPrincipalUser,
  selectRowsToCheck,
  selectTemplateForImport,
  streamValidCells,
  type TImportRecord,
  type TRowVerdict,
  touchImport,
  updateImportCounts,
  updateRowVerdicts,
} from './imports.queries.ts';

type TRowCheck =
  | { ok: true; request: TSendRequest; checked: TCheckedRequest }
  | { ok: false; field: string | null; key: string };

/** Reads that do not change during one import are made once (one type, one company, one template). */
/** Creation batches written at the same time by one copy (save). */
const BATCHES_IN_FLIGHT = 2;

function memoiseLookups(): TCreationLookups {
  const memo = <F extends (...args: never[]) => Promise<unknown>>(read: F): F => {
    const cache = new Map<string, Promise<unknown>>();
    return ((...args: Parameters<F>) => {
      const key = JSON.stringify(args.slice(1));
      let value = cache.get(key);
      if (!value) {
        value = read(...args);
        cache.set(key, value);
      }
      return value;
    }) as F;
  };
  return {
    company: memo(directLookups.company),
    type: memo(directLookups.type),
    template: memo(directLookups.template),
    typeAuthorisers: memo(directLookups.typeAuthorisers),
    authoriserCandidates: directLookups.authoriserCandidates,
  };
}

/** The receiver that makes two rows the same person: e-mail, else mobile, else identity document. */
function receiverKey(request: TSendRequest): string | null {
  const receiver = request.receivers[0];
  const key = receiver?.email ?? receiver?.mobile ?? receiver?.documentNumber;
  return key ? key.toLowerCase() : null;
}

/**
 * The work of an import, the same whether a request or a background job runs it, and safe to run again
 * after a crash: the dry run only checks rows still PENDING, creation takes VALID rows without a shipping
 * (locked, SKIP LOCKED, and marked in the shipping's own transaction), release moves what still waits.
 */
export function createImportRun(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  jobs: TJobQueue;
  creation: ReturnType<typeof createShippingCreation>;
  /** Rows checked or written, and shippings released, per transaction (config IMPORT_BATCH_ROWS). */
  batchRows: number;
}) {
  const { db, blobs, jobs, creation, batchRows } = deps;

  /** Whether every document the rows carry is still stored, byte for byte (its SHA-256 is its key). */
  async function documentsIntact(settings: TImportSettings): Promise<boolean> {
    const documents = [...settings.documents, ...Object.values(settings.rowDocuments ?? {})];
    for (const sha256 of new Set(documents.map((document) => document.sha256))) {
      try {
        const hash = createHash('sha256');
        for await (const chunk of await blobs.open(sha256)) hash.update(chunk as Buffer);
        if (hash.digest('hex') !== sha256) return false;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    }
    return true;
  }

  /**
   * The import cannot go on: it stops in ERROR with the reason, and nothing more is created or released
   * (docs/decisions/imports.md). `retryErrors` starts it again once the cause is fixed.
   */
  async function stopWithError(importId: string, key: ErrorKey): Promise<void> {
    await updateImportCounts(db, importId, 'ERROR', key);
  }

  async function principalOf(record: TImportRecord): Promise<TPrincipal> {
    const user = await selectPrincipalUser(db, record.userId);
    return toPrincipal(user, { sessionId: '0', token: '', expiresAt: new Date(8_640_000_000_000_000) });
  }

  async function templateSubjectOf(record: TImportRecord, settings: TImportSettings): Promise<string | null> {
    if (settings.templateId === undefined) return null;
    const template = await selectTemplateForImport(db, record.domainId, record.companyId, String(settings.templateId));
    return template?.subject ?? null;
  }

  /** One row through exactly the rules of `sendrequest`: the contract's schema, then the create service's checks. */
  async function checkRow(
    principal: TPrincipal,
    record: TImportRecord,
    templateSubject: string | null,
    cells: Record<string, string>,
    lookups: TCreationLookups,
  ): Promise<TRowCheck> {
    const settings = record.settings;
    if (rowDocuments(cells, settings) === null) return { ok: false, field: 'files', key: 'ERR_FIELD_INVALID' };
    const parsed = ZSendRequest.safeParse(rowToRequest(cells, settings, Number(record.companyId), templateSubject));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = issue.message.startsWith('ERR_') ? issue.message : 'ERR_FIELD_INVALID';
      return { ok: false, field: issue.path.join('.') || null, key };
    }
    try {
      const checked = await creation.checkSendRequest(principal, parsed.data, lookups);
      return { ok: true, request: parsed.data, checked };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const [field, key] = Object.entries(error.fields ?? {})[0] ?? [null, error.key];
      return { ok: false, field, key };
    }
  }

  /** Every PENDING row of the import gets its verdict; nothing is created. */
  async function checkPendingRows(record: TImportRecord): Promise<void> {
    const importId = record.id;
    const principal = await principalOf(record);
    const templateSubject = await templateSubjectOf(record, record.settings);
    const lookups = memoiseLookups();
    const seen = new Set<string>();
    for await (const row of streamValidCells(db, importId)) {
      const parsed = ZSendRequest.safeParse(
        rowToRequest(row.cells, record.settings, Number(record.companyId), templateSubject),
      );
      const key = parsed.success ? receiverKey(parsed.data) : null;
      if (key) seen.add(key);
    }
    let afterLine = 0;
    for (;;) {
      const rows = await selectRowsToCheck(db, importId, afterLine, batchRows);
      if (rows.length === 0) break;
      const verdicts: TRowVerdict[] = [];
      for (const row of rows) {
        const check = await checkRow(principal, record, templateSubject, row.cells, lookups);
        if (!check.ok) {
          verdicts.push({ id: row.id, status: 'ERROR', field: check.field, key: check.key, review: false });
          continue;
        }
        const key = receiverKey(check.request);
        verdicts.push({ id: row.id, status: 'VALID', field: null, key: null, review: key !== null && seen.has(key) });
        if (key) seen.add(key);
      }
      await updateRowVerdicts(db, verdicts);
      await touchImport(db, importId);
      afterLine = rows.at(-1)!.line;
    }
  }

  /** The dry run: every PENDING row gets its verdict; nothing is created. */
  async function validate(importId: string): Promise<void> {
    const record = await selectImport(db, importId, null);
    if (record?.state !== 'CREATED') return;
    if (!(await documentsIntact(record.settings))) return stopWithError(importId, 'ERR_IMPORT_DOCUMENT_MISSING');
    await checkPendingRows(record);
    await updateImportCounts(db, importId, 'VALIDATED');
  }

  /**
   * The failed rows of a FINISHED import, retried: checked, and those now valid created and released at once (the
   * import was confirmed already). The import stays FINISHED all along; the rows created before are not touched.
   * A document gone since leaves the retried rows failed with that reason, the import still FINISHED.
   */
  async function retryFinished(importId: string): Promise<void> {
    const record = await selectImport(db, importId, null);
    if (record?.state !== 'FINISHED') return;
    if (!(await documentsIntact(record.settings))) {
      await failPendingRows(db, importId, 'ERR_IMPORT_DOCUMENT_MISSING');
      await updateImportCounts(db, importId);
      return;
    }
    await checkPendingRows(record);
    await createAndRelease(record);
    await updateImportCounts(db, importId);
  }

  /** Creates the valid rows' shippings in `pending_import`, then releases them together. */
  async function save(importId: string): Promise<void> {
    const record = await selectImport(db, importId, null);
    if (record?.state !== 'IN_COURSE') return;
    if (!(await documentsIntact(record.settings))) return stopWithError(importId, 'ERR_IMPORT_DOCUMENT_MISSING');
    if (await createAndRelease(record)) {
      await db.transaction().execute(async (trx) => {
        await updateImportCounts(trx, importId, 'FINISHED');
        await recordImportFinished(trx, jobs, importId);
      });
    }
  }

  /**
   * Creates the shippings of the valid rows that have none, then releases them; true once every valid row has its
   * shipping, released.
   */
  async function createAndRelease(record: TImportRecord): Promise<boolean> {
    const importId = record.id;
    const principal = await principalOf(record);
    const templateSubject = await templateSubjectOf(record, record.settings);
    const lookups = memoiseLookups();
    const documentsOf = (cells: Record<string, string>): TNewDocument[] =>
      (rowDocuments(cells, record.settings) ?? []).map((document, index) => ({
        position: index + 1,
        kind: 'original',
        name: document.name,
        mimeType: document.mime,
        sizeBytes: document.size,
        category: document.category,
        sha256: document.sha256,
      }));
    const createBatches = async () => {
      for (;;) {
        // One transaction per batch: its rows are marked with their shippings in it, so a killed copy
        // leaves each row either untouched or created, never both (the row's idempotency key).
        const done = await db.transaction().execute(async (trx) => {
          const rows = await lockRowsToCreate(trx, importId, batchRows);
          const failed: TRowVerdict[] = [];
          const created: { rowId: string; shipping: TCheckedShipping }[] = [];
          for (const row of rows) {
            // Checked again: the type or the sender's rights may have changed since the dry run.
            const check = await checkRow(principal, record, templateSubject, row.cells, lookups);
            if (!check.ok) {
              failed.push({ id: row.id, status: 'ERROR', field: check.field, key: check.key, review: false });
              continue;
            }
            const shipping = {
              request: check.request,
              checked: check.checked,
              documents: documentsOf(row.cells),
              needsReview: row.needsReview,
            };
            created.push({ rowId: row.id, shipping });
          }
          await updateRowVerdicts(trx, failed);
          const ids = await creation.insertCheckedShippings(
            trx,
            principal,
            created.map((item) => item.shipping),
            importId,
          );
          await markRowsCreated(
            trx,
            created.map((item, index) => ({ rowId: item.rowId, shippingId: ids[index]! })),
          );
          return { rows: rows.length, created: created.length };
        });
        if (done.rows === 0) return;
        await addCreated(db, importId, done.created);
      }
    };
    // Two batches in flight: while PostgreSQL writes one, Node checks the next one's rows (SKIP LOCKED gives each
    // its own rows; their kept counts' row locks order their commits).
    const settled = await Promise.allSettled(Array.from({ length: BATCHES_IN_FLIGHT }, createBatches));
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
    return release(importId, record.userId);
  }

  /**
   * Releases the import's shippings together, in one transaction: all of them leave pending_import at once, and
   * their dispatch starts only then, instead of competing with the rest of the release (batches of batchRows, in
   * id order, bound the memory). A copy killed in the middle releases nothing; the next one releases them all.
   * True when every valid row has its shipping and all are released. False while another worker still creates a
   * batch: its shippings were not committed when this release walked them, so that worker releases them and
   * finishes the import after this release commits.
   */
  async function release(importId: string, userId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      await lockImportRelease(trx, importId);
      let afterId = '0';
      for (;;) {
        const shippings = await lockPendingShippings(trx, importId, afterId, batchRows);
        if (shippings.length === 0) return (await countRowsToCreate(trx, importId)) === 0;
        await applyTransitions(
          trx,
          jobs,
          shippings.map((shipping) => ({ shipping, action: 'importValidated' as const, actor: userId })),
        );
        afterId = shippings.at(-1)!.id;
        // Outside the transaction, so that the sweep of stalled imports sees this one is being worked.
        await touchImport(db, importId);
      }
    });
  }

  /** Whatever the import's state asks for next. */
  async function advance(importId: string): Promise<void> {
    const record = await selectImport(db, importId, null);
    if (record?.state === 'CREATED') await validate(importId);
    else if (record?.state === 'IN_COURSE') await save(importId);
    else if (record?.state === 'FINISHED') await retryFinished(importId);
  }

  return { validate, save, retryFinished, advance, checkRow };
}

export type TImportRun = ReturnType<typeof createImportRun>;
