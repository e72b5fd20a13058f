import { DRAFT_LIMITS, type TDraft } from '@sello/contracts/catalogue/drafts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fieldError } from '../platform/api-error.ts';
import {
  deleteDraft,
  deleteExpiredDrafts,
  deleteOldestDrafts,
  selectLiveDrafts,
  upsertDraft,
} from './drafts.queries.ts';

/** Drafts of console forms, each scoped to the user who typed it (issue 14). */
export function createDraftsService({ db }: { db: Kysely<Database> }) {
  async function saveDraft(userId: string, body: { form: string; values: Record<string, unknown> | null }) {
    if (body.values === null) {
      await deleteDraft(db, userId, body.form);
      return { ok: true as const };
    }
    const payload = JSON.stringify(body.values);
    if (Buffer.byteLength(payload) > DRAFT_LIMITS.maxBytes) {
      throw fieldError('values', 'ERR_DRAFT_TOO_LARGE', { max: DRAFT_LIMITS.maxBytes });
    }
    await db.transaction().execute(async (trx) => {
      await upsertDraft(trx, { userId, form: body.form, payload, keepDays: DRAFT_LIMITS.keepDays });
      await deleteOldestDrafts(trx, userId, DRAFT_LIMITS.perUser);
    });
    // Expired drafts of anyone go with the next save: the table never holds more than the live ones for long.
    await deleteExpiredDrafts(db);
    return { ok: true as const };
  }

  async function readDrafts(userId: string, form: string | undefined): Promise<TDraft[]> {
    const rows = await selectLiveDrafts(db, userId, form);
    return rows.map((row) => ({
      form: row.form,
      values: row.payload as Record<string, unknown>,
      savedAt: row.savedAt.toISOString(),
    }));
  }

  return { saveDraft, readDrafts };
}
