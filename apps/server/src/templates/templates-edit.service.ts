import { randomBytes } from 'node:crypto';
import {
  findTemplateProblems,
  TEMPLATE_IMAGE_MAX_BYTES,
  type TTemplateDetail,
  type TTemplateInput,
  type TTemplatePreview,
  type TTemplateUpdate,
} from '@sello/contracts/catalogue/templates';
import type { Language } from '@sello/contracts/constants';
import type { TemplateContentType, TemplateKind } from '@sello/contracts/enums';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { SAMPLE_TEMPLATE_VALUES } from '@sello/contracts/template-variables';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { conflict } from '../administration/admin-lists.ts';
import type { Database } from '../db/schema.ts';
import { recordScope } from '../platform/admin-access.ts';
import { ApiError, fieldError, forbidden, notFound } from '../platform/api-error.ts';
import { decodeDataUrl } from '../platform/attachment-check.ts';
import { recordAudit, runAudited } from '../platform/audit.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { canUseCompany } from '../platform/tenancy.ts';
import { renderTemplate, sanitiseTemplateHtml, TEMPLATE_IMAGE_PATH } from './template-render.ts';
import { selectLiveCompany } from './templates.queries.ts';
import {
  deleteMismatchedDefaults,
  existsOwnerTemplateName,
  insertTemplate,
  insertTemplateImage,
  lockTemplate,
  selectTemplateForEdit,
  selectTemplateImage,
  type TTemplateEditRow,
  type TTemplateValuesRow,
  unlockTemplate,
  updateTemplateUnlessLocked,
} from './templates-edit.queries.ts';

/** How long opening a template for editing keeps it for its editor (renewed by each save or reopening). */
export const TEMPLATE_LOCK_MINUTES = 30;

/** Image types templates take, recognised by their first bytes, never by their name. */
const IMAGE_SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

const isAdministrator = (principal: TPrincipal) => principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key));

export function toTemplateDetail(row: TTemplateEditRow, principal: TPrincipal): TTemplateDetail {
  return {
    id: Number(row.id),
    companyId: row.companyId === null ? null : Number(row.companyId),
    companyName: row.companyName ?? null,
    name: row.name,
    contentType: row.contentType as TemplateContentType,
    kind: row.kind as TemplateKind,
    language: row.language as Language,
    subject: row.subject,
    locked: row.lockedById !== null,
    lockedBy: row.lockedBy ?? null,
    lockedByMe: row.lockedById === principal.userId,
    lockedUntil: row.lockedUntil ? new Date(row.lockedUntil).toISOString() : null,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
    content: row.body,
  };
}

/** Creating, editing (under the edit lock), unlocking, previewing templates and their images. */
export function createTemplatesEditService(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  publicUrl: () => Promise<string>;
  providerName: string;
}) {
  const { db, blobs } = deps;
  const lockEnd = () => new Date(Date.now() + TEMPLATE_LOCK_MINUTES * 60_000);

  /**
   * The owner a template is written for: a company the caller may use, or (null) the whole domain,
   * which only administrators may write for.
   */
  async function resolveOwner(principal: TPrincipal, companyId: number | null | undefined) {
    if (companyId === null || companyId === undefined) {
      if (!isAdministrator(principal)) throw fieldError('companyId', 'ERR_FIELD_REQUIRED');
      return { domainId: principal.domainId, companyId: null };
    }
    const company = await selectLiveCompany(db, String(companyId));
    if (!company || !canUseCompany(principal, company)) throw fieldError('companyId', 'ERR_FIELD_INVALID');
    return { domainId: company.domainId, companyId: company.id };
  }

  /** The row to store: rules checked, HTML reduced to the allow-list (never trusted from the client). */
  async function checkedValues(
    input: TTemplateInput,
    owner: { domainId: string; companyId: string | null },
    language: string,
  ) {
    const [problem] = findTemplateProblems({ ...input, subject: input.subject ?? null });
    if (problem) throw fieldError(problem.field, problem.key, problem.params);
    const body =
      input.contentType === 'HTML' ? sanitiseTemplateHtml(input.content, await deps.publicUrl()) : input.content;
    if (body.trim() === '') throw fieldError('content', 'ERR_FIELD_REQUIRED');
    const values: TTemplateValuesRow = {
      ...owner,
      name: input.name,
      contentType: input.contentType,
      kind: input.kind,
      language: input.language ?? language,
      subject: input.contentType === 'HTML' ? (input.subject ?? null) : null,
      body,
      active: input.active,
    };
    return values;
  }

  /** A live template the caller may edit: of their domain, and of a company they may use (or the domain's). */
  async function loadEditable(principal: TPrincipal, id: number) {
    const row = await selectTemplateForEdit(db, recordScope(principal), String(id));
    if (!row) throw notFound();
    if (row.companyId !== null && !canUseCompany(principal, { id: row.companyId, domainId: row.domainId })) {
      throw notFound();
    }
    return row;
  }

  async function create(principal: TPrincipal, input: TTemplateInput): Promise<TTemplateDetail> {
    const owner = await resolveOwner(principal, input.companyId);
    const values = await checkedValues(input, owner, principal.language);
    if (await existsOwnerTemplateName(db, owner, values.name)) throw conflict('name');
    const id = await runAudited<string>(
      db,
      principal,
      (newId) => ({ domainId: owner.domainId, entity: 'templates', entityId: newId, action: 'create', after: values }),
      (trx) => insertTemplate(trx, values, principal.userId, lockEnd()),
    );
    return toTemplateDetail((await selectTemplateForEdit(db, null, id))!, principal);
  }

  async function update(principal: TPrincipal, input: TTemplateUpdate): Promise<TTemplateDetail> {
    const current = await loadEditable(principal, input.id);
    if (current.lockedById !== null && current.lockedById !== principal.userId) {
      throw new ApiError(409, 'ERR_TEMPLATE_LOCKED', undefined, { lockedBy: current.lockedBy ?? '' });
    }
    const owner = await resolveOwner(principal, input.companyId);
    if (owner.domainId !== current.domainId) throw fieldError('companyId', 'ERR_FIELD_INVALID');
    const values = await checkedValues(input, owner, current.language);
    if (await existsOwnerTemplateName(db, owner, values.name, current.id)) throw conflict('name');
    const entry = { domainId: current.domainId, entity: 'templates', entityId: current.id, action: 'update' };
    const updated = await db.transaction().execute(async (trx) => {
      if (!(await updateTemplateUnlessLocked(trx, current.id, values, principal.userId, lockEnd()))) return false;
      await deleteMismatchedDefaults(trx, current.id, values.contentType, values.language);
      await recordAudit(trx, principal, { ...entry, before: current, after: values });
      return true;
    });
    if (!updated) {
      const holder = await selectTemplateForEdit(db, null, current.id);
      throw new ApiError(409, 'ERR_TEMPLATE_LOCKED', undefined, { lockedBy: holder?.lockedBy ?? '' });
    }
    return toTemplateDetail((await selectTemplateForEdit(db, null, current.id))!, principal);
  }

  /** Opens a template for editing: locks it for the caller unless someone else holds it (then shows who). */
  async function lock(principal: TPrincipal, id: number): Promise<TTemplateDetail> {
    const current = await loadEditable(principal, id);
    await lockTemplate(db, current.id, principal.userId, lockEnd());
    return toTemplateDetail((await selectTemplateForEdit(db, null, current.id))!, principal);
  }

  /** Releases the edit lock: administrators release anyone's, an editor their own. */
  async function unlock(principal: TPrincipal, id: number): Promise<void> {
    const current = await loadEditable(principal, id);
    if (!isAdministrator(principal) && current.lockedById !== null && current.lockedById !== principal.userId) {
      throw forbidden();
    }
    await unlockTemplate(db, current.id);
  }

  async function uploadImage(principal: TPrincipal, image: { name: string; content: string }) {
    const bytes = decodeDataUrl(image.content);
    if (bytes.length === 0) throw fieldError('content', 'ERR_FILE_EMPTY');
    if (bytes.length > TEMPLATE_IMAGE_MAX_BYTES) {
      throw new ApiError(400, 'ERR_MAX_FILE_SIZE', { content: 'ERR_MAX_FILE_SIZE' }, { max: TEMPLATE_IMAGE_MAX_BYTES });
    }
    const type = IMAGE_SIGNATURES.find(({ bytes: signature }) => signature.every((byte, at) => bytes[at] === byte));
    if (!type) throw fieldError('content', 'ERR_FILE_TYPE');
    const stored = await blobs.put(bytes);
    const publicKey = randomBytes(24).toString('base64url');
    await insertTemplateImage(db, {
      publicKey,
      domainId: principal.domainId,
      blobKey: stored.key,
      mimeType: type.type,
      sizeBytes: bytes.length,
      name: image.name,
      userId: principal.userId,
    });
    return { url: `${TEMPLATE_IMAGE_PATH}${publicKey}` };
  }

  async function sendImage(key: string, reply: FastifyReply) {
    const image = await selectTemplateImage(db, key);
    if (!image) throw notFound();
    return (
      reply
        .header('content-type', image.mimeType)
        .header('content-length', image.sizeBytes)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        // Public by design: mail clients and the sandboxed preview (an opaque origin) fetch it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'")
        .send(await blobs.open(image.blobKey))
    );
  }

  /** The message the template makes with the given (or sample) values, by the dispatch's own rendering. */
  async function preview(input: {
    contentType: TemplateContentType;
    subject?: string;
    content: string;
    values?: Partial<Record<string, string>>;
  }): Promise<TTemplatePreview> {
    const [problem] = findTemplateProblems({ ...input, subject: input.subject ?? null });
    if (problem) throw fieldError(problem.field, problem.key, problem.params);
    const publicUrl = await deps.publicUrl();
    const body = input.contentType === 'HTML' ? sanitiseTemplateHtml(input.content, publicUrl) : input.content;
    const values = {
      ...SAMPLE_TEMPLATE_VALUES,
      provider: deps.providerName,
      ...input.values,
    } as typeof SAMPLE_TEMPLATE_VALUES;
    const rendered = renderTemplate(
      { contentType: input.contentType, subject: input.subject ?? null, body },
      values,
      publicUrl,
    );
    return { subject: rendered.subject, body: rendered.body, sms: rendered.sms };
  }

  return { create, update, lock, unlock, uploadImage, sendImage, preview };
}
