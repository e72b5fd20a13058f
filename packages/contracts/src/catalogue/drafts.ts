import { z } from 'zod';
import { ZOk, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * Drafts (issue 14): what a user typed on a console form is kept on the server for that user, so a session that
 * ends does not lose it; the console offers it back after sign-in. Never in local storage (spec §4).
 */
export const DRAFT_LIMITS = {
  /** Size of a draft's values as JSON, in bytes. */
  maxBytes: 64 * 1024,
  /** Days a draft is kept after it was last saved. */
  keepDays: 7,
  /** Drafts a user keeps at once; saving one more drops the oldest. */
  perUser: 20,
} as const;

/** A form is named by its console route (`/shippings/create`, `/types/edit/12`). */
export const ZDraftForm = z
  .string()
  .max(200, 'ERR_FIELD_TOO_LONG')
  .regex(/^\/[A-Za-z0-9/_-]+$/, 'ERR_FIELD_INVALID');

export const ZDraftValues = z.record(z.string(), z.unknown());

export const ZDraft = z.object({ form: z.string(), values: ZDraftValues, savedAt: ZTimestamp });
export type TDraft = z.infer<typeof ZDraft>;

export const draftsApi = {
  saveDraft: defineEndpoint({
    id: 'drafts.saveDraft',
    method: 'PUT',
    path: 'drafts/saveDraft',
    summary: "Keep (or, with null values, drop) the caller's draft of one form",
    permission: 'session',
    body: z.object({ form: ZDraftForm, values: ZDraftValues.nullable() }),
    response: ZOk,
    methodChosen: true,
    beyondSpec: true,
  }),
  readDrafts: defineEndpoint({
    id: 'drafts.readDrafts',
    method: 'GET',
    path: 'drafts/readDrafts',
    summary: "The caller's live drafts, newest first (only the given form's when `form` is set)",
    permission: 'session',
    query: z.object({ form: ZDraftForm.optional() }),
    response: z.array(ZDraft),
    methodChosen: true,
    beyondSpec: true,
  }),
};
