import { z } from 'zod';
import {
  pageOf,
  ZExportQuery,
  ZFile,
  ZId,
  ZIdField,
  ZIdParams,
  ZOk,
  ZPagedQuery,
  ZPickerList,
  ZTimestamp,
} from '../common.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
import { ZTemplateContentType } from '../enums.ts';
import { findIllegalSmsCharacters } from '../patterns.ts';

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

export const ZTemplateRow = z.object({
  id: z.number().int(),
  /** Null for a template every company of the domain may use. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  contentType: ZTemplateContentType,
  subject: z.string().nullable(),
  /** A locked template cannot be edited until it is unlocked. */
  locked: z.boolean(),
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
  locked: z.boolean(),
  active: z.boolean(),
  updatedAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
  deletedBy: z.string().nullable(),
});
export type TTemplateListRow = z.infer<typeof ZTemplateListRow>;

export const ZTemplateDetail = ZTemplateRow.extend({ content: z.string() });
export type TTemplateDetail = z.infer<typeof ZTemplateDetail>;

const ZTemplateFields = z.object({
  companyId: ZIdField,
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG'),
  contentType: ZTemplateContentType.default('HTML'),
  subject: z.string().trim().max(200, 'ERR_FIELD_TOO_LONG').optional(),
  content: z
    .string()
    .min(1, 'ERR_FIELD_REQUIRED')
    .max(1024 * 1024),
  active: z.boolean().default(true),
});

/** An SMS template may hold only characters an SMS can carry (spec §5). */
function smsContentIsLegal(value: z.infer<typeof ZTemplateFields>): boolean {
  return value.contentType !== 'SMS' || findIllegalSmsCharacters(value.content).length === 0;
}
const smsRule = { message: 'ERR_FIELD_INVALID', path: ['content'] };

export const ZTemplateInput = ZTemplateFields.refine(smsContentIsLegal, smsRule);
export const ZTemplateUpdate = ZTemplateFields.extend({ id: ZIdField }).refine(smsContentIsLegal, smsRule);
export type TTemplateInput = z.infer<typeof ZTemplateInput>;

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
    summary: 'Templates of a company and content type, for a combo',
    permission: TEMPLATES_OR_SEND,
    query: z.object({ companySelected: ZId.optional(), contentType: ZTemplateContentType.default('HTML') }),
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
  uploadImage: defineEndpoint({
    id: 'templates.uploadImage',
    method: 'PUT',
    path: 'templates/uploadImage',
    summary: 'Store an image for use in HTML templates and answer its URL',
    permission: TEMPLATES,
    body: z.object({
      name: z.string().trim().min(1).max(200),
      content: z.string().regex(/^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/=]+$/, 'ERR_FILE_TYPE'),
    }),
    response: z.object({ url: z.string() }),
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
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  preview: defineEndpoint({
    id: 'templates.preview',
    method: 'GET',
    path: 'templates/preview',
    summary: 'Render a template as a PDF preview',
    permission: TEMPLATES,
    query: z.object({ templateSelected: ZId }),
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
} as const;
