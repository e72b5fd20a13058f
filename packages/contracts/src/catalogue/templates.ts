import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZId,
  ZIdField,
  ZIdParams,
  ZLanguage,
  ZOk,
  ZPagedQuery,
  ZPickerList,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { ZTemplateContentType, ZTemplateKind } from '../enums.ts';
import type { ErrorKey } from '../error-keys.ts';
import { findIllegalSmsCharacters } from '../patterns.ts';
import { findUnknownTemplateVariables, stripTemplateVariables, TEMPLATE_VARIABLES } from '../template-variables.ts';

/*
 * Message templates (HTML e-mail bodies and SMS texts). Spec §7 does not give the base path of the
 * template calls; `templates/` is our choice, matching the console route.
 */

const TEMPLATES = { all: ['templates'] } as const satisfies TPermissionRule;
const TEMPLATES_BIN = { all: ['templatesBin'] } as const satisfies TPermissionRule;
/** The paged list: live templates need `templates`, deleted ones (`filters={"deleted":true}`) `templatesBin`. */
const TEMPLATES_OR_BIN = { any: ['templates', 'templatesBin'] } as const satisfies TPermissionRule;
/** The new-shipping form offers a company's templates too. */
const TEMPLATES_OR_SEND = { any: ['templates', 'newSend'] } as const satisfies TPermissionRule;

/** Largest image `uploadImage` takes. */
export const TEMPLATE_IMAGE_MAX_BYTES = 512 * 1024;

export const ZTemplateRow = z.object({
  id: z.number().int(),
  /** Null for a template every company of the domain may use. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  contentType: ZTemplateContentType,
  kind: ZTemplateKind,
  /** The language the template is written in: it is the default of a type only for receivers of that language. */
  language: ZLanguage,
  subject: z.string().nullable(),
  /** A locked template cannot be edited until it is unlocked. */
  locked: z.boolean(),
  /** Who holds the edit lock while it lasts (null when free or expired). */
  lockedBy: z.string().nullable(),
  lockedByMe: z.boolean(),
  lockedUntil: ZTimestamp.nullable(),
  active: z.boolean(),
  updatedAt: ZTimestamp,
});
export type TTemplateRow = z.infer<typeof ZTemplateRow>;

/** A row of the paged templates list; deleted rows carry who deleted them and when. */
export const ZTemplateListRow = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  contentType: ZTemplateContentType,
  kind: ZTemplateKind,
  language: ZLanguage,
  locked: z.boolean(),
  lockedBy: z.string().nullable(),
  active: z.boolean(),
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
  deletedBy: z.string().nullable(),
});
export type TTemplateListRow = z.infer<typeof ZTemplateListRow>;

export const ZTemplateDetail = ZTemplateRow.extend({ content: z.string() });
export type TTemplateDetail = z.infer<typeof ZTemplateDetail>;

const ZTemplateFields = z.object({
  /** Null (or absent): a template of the whole domain. */
  companyId: ZIdField.nullable().optional(),
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG'),
  contentType: ZTemplateContentType.default('HTML'),
  kind: ZTemplateKind.default('COMMUNICATION'),
  /** Absent: the new template is in its author's language; an update keeps the template's own. */
  language: ZLanguage.optional(),
  subject: z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').optional(),
  content: z
    .string()
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(256 * 1024, 'ERR_FIELD_TOO_LONG'),
  active: z.boolean().default(true),
});

type TTemplateText = { contentType: 'HTML' | 'SMS'; subject?: string | null; content: string };

export type TTemplateProblem = { field: 'subject' | 'content'; key: ErrorKey; params: Record<string, string> };

/**
 * The rules every template obeys, whoever sends it: only known `{{variables}}` (the unknown ones named
 * in `params.variable`), and for SMS only characters an SMS can carry (spec §5; named in `params.illegal`).
 * The server refuses a template with any; the console shows them as the user types.
 */
export function findTemplateProblems(value: TTemplateText): TTemplateProblem[] {
  const problems: TTemplateProblem[] = [];
  for (const field of ['subject', 'content'] as const) {
    const unknown = findUnknownTemplateVariables(value[field] ?? '');
    if (unknown.length > 0) {
      problems.push({ field, key: 'ERR_TEMPLATE_VARIABLE_UNKNOWN', params: { variable: unknown.join(', ') } });
    }
  }
  if (value.contentType === 'SMS') {
    const illegal = findIllegalSmsCharacters(stripTemplateVariables(value.content));
    if (illegal.length > 0)
      problems.push({ field: 'content', key: 'ERR_PATTERN_SMS_TEXT', params: { illegal: illegal.join('') } });
  }
  return problems;
}

export const ZTemplateInput = ZTemplateFields;
export const ZTemplateUpdate = ZTemplateFields.extend({ id: ZIdField });
export type TTemplateInput = z.infer<typeof ZTemplateInput>;
export type TTemplateUpdate = z.infer<typeof ZTemplateUpdate>;

export const ZTemplateValues = z.object(
  Object.fromEntries(TEMPLATE_VARIABLES.map((name) => [name, z.string().max(2000).optional()])) as Record<
    (typeof TEMPLATE_VARIABLES)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** What the preview renders: the template being edited (saved or not), with given or sample values. */
export const ZTemplatePreviewInput = z.object({
  contentType: ZTemplateContentType.default('HTML'),
  subject: z.string().max(200).optional(),
  content: z.string().max(256 * 1024),
  values: ZTemplateValues.optional(),
});

export const ZTemplatePreview = z.object({
  subject: z.string().nullable(),
  /** The message body exactly as sent: sanitised HTML for e-mail, plain text for SMS. */
  body: z.string(),
  /** SMS only: how providers count the text (after the variables are filled). */
  sms: z
    .object({
      encoding: z.enum(['GSM7', 'UCS2']),
      characters: z.number().int(),
      units: z.number().int(),
      segments: z.number().int(),
      perSegment: z.number().int(),
      firstUcs2Character: z.string().nullable(),
    })
    .nullable(),
});
export type TTemplatePreview = z.infer<typeof ZTemplatePreview>;

export const templatesApi = {
  read: defineEndpoint({
    id: 'templates.read',
    method: 'GET',
    path: 'templates/read',
    summary: 'Every template of a company',
    permission: TEMPLATES,
    query: z.object({ companySelected: ZId.optional() }),
    response: z.array(ZTemplateRow),
  }),
  readList: defineEndpoint({
    id: 'templates.readList',
    method: 'GET',
    path: 'templates/readList',
    summary: 'Page of the templates list (deleted ones with filters={"deleted":true} and templatesBin)',
    permission: TEMPLATES_OR_BIN,
    query: ZPagedQuery.extend({ contentType: ZTemplateContentType.optional() }),
    response: pageOf(ZTemplateListRow),
  }),
  readListReduced: defineEndpoint({
    id: 'templates.readListReduced',
    method: 'GET',
    path: 'templates/readListReduced',
    summary: 'Templates of a company (and shipping type) and content type, for a combo',
    permission: TEMPLATES_OR_SEND,
    query: z.object({
      companySelected: ZId.optional(),
      contentType: ZTemplateContentType.default('HTML'),
      /** The new-shipping form's type: only templates its service and channels can send, its default first. */
      typeSelected: ZId.optional(),
      /** Only the templates written in this language (the type editor's default for that language). */
      language: ZLanguage.optional(),
    }),
    response: ZPickerList,
  }),
  detail: defineEndpoint({
    id: 'templates.detail',
    method: 'GET',
    path: 'templates/detail',
    summary: 'One template with its content (senders read the live, active ones of their companies)',
    permission: TEMPLATES_OR_SEND,
    query: z.object({ templateSelected: ZId }),
    response: ZTemplateDetail,
  }),
  lock: defineEndpoint({
    id: 'templates.lock',
    beyondSpec: true,
    method: 'PUT',
    path: 'templates/lock/{id}',
    summary: 'Open a template for editing: lock it for the caller (or renew their lock) and answer it',
    permission: TEMPLATES,
    params: ZIdParams,
    response: ZTemplateDetail,
    methodChosen: true,
  }),
  uploadImage: defineEndpoint({
    id: 'templates.uploadImage',
    method: 'PUT',
    path: 'templates/uploadImage',
    summary: 'Store an image (PNG, JPEG or GIF, checked by content) for HTML templates and answer its URL',
    permission: TEMPLATES,
    body: z.object({
      name: z.string().trim().min(1).max(200),
      content: z
        .string()
        .max(Math.ceil((TEMPLATE_IMAGE_MAX_BYTES * 4) / 3) + 100, 'ERR_MAX_FILE_SIZE')
        .regex(/^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE'),
    }),
    response: z.object({ url: z.string() }),
  }),
  image: defineEndpoint({
    id: 'templates.image',
    beyondSpec: true,
    method: 'GET',
    path: 'templates/image/{key}',
    summary: 'An image of a template, public so mail clients and the recipient page can show it',
    permission: 'public',
    params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) }),
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'templates.new',
    method: 'POST',
    path: 'templates/new',
    summary: 'Create a template',
    permission: TEMPLATES,
    body: ZTemplateInput,
    response: ZTemplateDetail,
  }),
  update: defineEndpoint({
    id: 'templates.update',
    method: 'PUT',
    path: 'templates/update',
    summary: 'Update a template',
    permission: TEMPLATES,
    body: ZTemplateUpdate,
    response: ZTemplateDetail,
  }),
  delete: defineEndpoint({
    id: 'templates.delete',
    method: 'DELETE',
    path: 'templates/delete/{id}',
    summary: 'Soft-delete a template',
    permission: TEMPLATES,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'templates.recover',
    method: 'PUT',
    path: 'templates/recover/{id}',
    summary: 'Recover a deleted template',
    permission: TEMPLATES_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  unlock: defineEndpoint({
    id: 'templates.unlock',
    method: 'PUT',
    path: 'templates/unlock/{id}',
    summary: 'Unlock a template so it can be edited',
    permission: TEMPLATES,
    params: ZIdParams,
    response: ZOk,
  }),
  export: defineEndpoint({
    id: 'templates.export',
    method: 'GET',
    path: 'templates/export',
    summary: 'Export the templates list',
    permission: TEMPLATES,
    query: ZExportQuery.extend({ contentType: ZTemplateContentType.optional() }),
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  preview: defineEndpoint({
    id: 'templates.preview',
    method: 'POST',
    path: 'templates/preview',
    summary: 'Render a template with given or sample values exactly as the message would be sent',
    permission: TEMPLATES,
    body: ZTemplatePreviewInput,
    response: ZTemplatePreview,
    methodChosen: true,
  }),
} as const;
