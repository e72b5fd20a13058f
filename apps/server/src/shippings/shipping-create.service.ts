import { randomUUID } from 'node:crypto';
import type { TReceiver, TSendRequest } from '@sello/contracts/catalogue/shippings-create';
import { LIMITS, PREFERENCES } from '@sello/contracts/constants';
import type { ServiceKind } from '@sello/contracts/enums';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { initialLifecycle, type TLifecycle } from '@sello/contracts/shipping-lifecycle';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { findSmsAlphabetProblem } from '@sello/contracts/sms-segments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../platform/api-error.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { checkDocumentType, decodeDocument } from './document-check.ts';
import { insertAuthorisations, type TAuthoriserSlot } from './shipping-authorisations.queries.ts';
import {
  allocateShippingIds,
  insertReceivers,
  insertShippings,
  selectAuthoriserCandidates,
  selectCompanyForShipping,
  selectTemplateForShipping,
  selectTypeAuthorisers,
  selectTypeForCreation,
  type TNewReceiver,
  type TNewShipping,
  type TNewShippingRow,
} from './shipping-create.queries.ts';
import { insertShippingDocuments, type TNewDocument } from './shipping-documents.queries.ts';
import { insertEvents, type TNewEvent } from './shipping-lifecycle.queries.ts';
import { resolveShippingMessage, type TComposeSms } from './shipping-message.ts';
import { chainEvent, eventTime } from './shipping-transitions.ts';
import { checkSignerDocuments, checkTypeValues } from './shipping-type-checks.ts';
import { queueStateFollowUps } from './state-follow-ups.ts';

/** The reads creation makes; imports pass memoised ones so a thousand rows of one type read it once. */
export type TCreationLookups = {
  company: typeof selectCompanyForShipping;
  type: typeof selectTypeForCreation;
  template: typeof selectTemplateForShipping;
  typeAuthorisers: typeof selectTypeAuthorisers;
  authoriserCandidates: typeof selectAuthoriserCandidates;
};

export const directLookups: TCreationLookups = {
  company: selectCompanyForShipping,
  type: selectTypeForCreation,
  template: selectTemplateForShipping,
  typeAuthorisers: selectTypeAuthorisers,
  authoriserCandidates: selectAuthoriserCandidates,
};

/** What the rules decided about a request, as creation needs it. */
export type TCheckedRequest = {
  domainId: string;
  companyId: string;
  companyName: string;
  typeId: string;
  serviceKind: ServiceKind;
  custodyDays: number | null;
  /** The type's days to answer: the response deadline is this long after the dispatch. */
  responseDays: number;
  templateId: string | null;
  template: TNewShipping['template'];
  subject: string;
  body: string | null;
  formValues: ReturnType<typeof checkTypeValues>;
  /** The type's signing settings unless the sender chose otherwise. */
  multiSignerOrder: 0 | 1;
  pinSignatureText: NonNullable<TSendRequest['pinSignatureText']> | null;
  font: NonNullable<TSendRequest['font']> | null;
  slots: TAuthoriserSlot[];
  requiresAuth: boolean;
  authDeadlineHours: number;
};

/** One shipping to write: the request, what the rules decided, its documents (stored) and the review flag. */
export type TCheckedShipping = {
  request: TSendRequest;
  checked: TCheckedRequest;
  documents: TNewDocument[];
  needsReview?: boolean;
};

/** Collects field errors so one answer lists them all. */
class FieldErrors {
  readonly fields: Record<string, ErrorKey> = {};
  params: Record<string, string | number> | undefined;
  fieldParams: Record<string, Record<string, string | number>> | undefined;

  add(field: string, key: ErrorKey, params?: Record<string, string | number>): void {
    if (this.fields[field]) return;
    this.fields[field] = key;
    if (params) {
      this.params = { ...this.params, ...params };
      this.fieldParams = { ...this.fieldParams, [field]: params };
    }
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) {
      throw new ApiError(400, 'ERR_VALIDATION', this.fields, this.params, this.fieldParams);
    }
  }
}

/** Whether the principal may send shippings for the company. */
export function mayUseCompany(principal: TPrincipal, company: { id: string; domainId: string }): boolean {
  if (principal.superAdmin) return true;
  if (company.domainId !== principal.domainId) return false;
  return principal.roleKeys.includes('domainAdmin') || principal.companyIds.includes(company.id);
}

function toReceiverRow(receiver: TReceiver, position: number): TNewReceiver {
  const postal = receiver.postal;
  return {
    position,
    kind: receiver.receiverType === 2 ? 'company' : 'individual',
    name: receiver.name,
    documentType: receiver.documentType ?? null,
    documentNumber: receiver.documentNumber ?? null,
    email: receiver.email?.toLowerCase() ?? null,
    cc: receiver.cc ?? null,
    mobile: receiver.mobile ?? null,
    language: receiver.language ?? null,
    streetType: postal?.streetType ?? null,
    street: postal?.street ?? null,
    streetNumType: postal?.streetNumType ?? null,
    streetNumber: postal?.streetNumber ?? null,
    addressExtra: postal?.addressExtra ?? null,
    postalCode: postal?.postalCode ?? null,
    city: postal?.city ?? null,
    province: postal?.province ?? null,
    country: postal?.country ?? null,
  };
}

/** Lower-case text the free search looks in: reference, subject and every way to name a receiver. */
function searchTextOf(request: TSendRequest): string {
  const parts = [request.reference, request.subject];
  for (const receiver of request.receivers) {
    parts.push(receiver.name, receiver.email, receiver.mobile, receiver.documentNumber, receiver.postal?.city);
  }
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
}

export function createShippingCreation(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  preferences: TPreferences;
  jobs: TJobQueue;
  composeSms: TComposeSms;
}) {
  const { db, blobs, preferences } = deps;

  /** Checks the documents and stores their bytes; answers their rows, or records field errors. */
  async function storeDocuments(request: TSendRequest, errors: FieldErrors): Promise<TNewDocument[]> {
    const maxKb = await preferences.getNumber(PREFERENCES.fileUploadMaxSize, 5120);
    const maxBytes = maxKb * LIMITS.byteScale;
    const checked: { index: number; bytes: Buffer; mime: string }[] = [];
    for (const [index, document] of request.documents.entries()) {
      const decoded = decodeDocument(document.content);
      const field = `documents.${index}.content`;
      const mime = checkDocumentType(document.name, decoded);
      if (decoded.bytes.length === 0) errors.add(field, 'ERR_FILE_EMPTY');
      else if (decoded.bytes.length > maxBytes) errors.add(field, 'ERR_MAX_FILE_SIZE', { size: maxKb });
      else if (!mime) errors.add(field, 'ERR_FILE_TYPE');
      else checked.push({ index, bytes: decoded.bytes, mime });
    }
    errors.throwIfAny();
    // Blobs are content-addressed: a file stored for a shipping whose transaction then fails is only an
    // unreferenced copy, never a half-saved shipping.
    const rows: TNewDocument[] = [];
    for (const { index, bytes, mime } of checked) {
      const stored = await blobs.put(bytes);
      const document = request.documents[index]!;
      rows.push({
        position: index + 1,
        kind: 'original',
        name: document.name,
        mimeType: mime,
        sizeBytes: stored.size,
        category: document.category,
        sha256: stored.sha256,
      });
    }
    return rows;
  }

  /**
   * Every rule of `sendrequest` but the documents' bytes: answers what creation needs, or throws the field
   * errors (400 ERR_VALIDATION). Imports check each row with it, so there is one rule set; the form's
   * preview too, before the documents are chosen (`withoutDocuments`).
   */
  async function checkSendRequest(
    principal: TPrincipal,
    request: TSendRequest,
    lookups: TCreationLookups = directLookups,
    { withoutDocuments = false }: { withoutDocuments?: boolean } = {},
  ): Promise<TCheckedRequest> {
    const errors = new FieldErrors();
    const company = await lookups.company(db, String(request.companyId));
    if (!company || !mayUseCompany(principal, company)) errors.add('companyId', 'ERR_FIELD_INVALID');
    errors.throwIfAny();
    const domainId = company!.domainId;
    const companyId = company!.id;

    const type = await lookups.type(db, domainId, companyId, String(request.typeId));
    if (!type) errors.add('typeId', 'ERR_FIELD_INVALID');
    errors.throwIfAny();
    const serviceKind = type!.serviceKind as ServiceKind;
    const rule = SERVICE_RULES[serviceKind];

    // What the service and the type allow.
    if (!rule.channels.includes(request.channel) || !type!.channels.includes(request.channel)) {
      errors.add('channel', 'ERR_CHANNEL_NOT_ALLOWED');
    }
    const receiverCount = request.receivers.length;
    if (receiverCount < rule.minReceivers || receiverCount > rule.maxReceivers) {
      errors.add('receivers', 'ERR_RECEIVERS_COUNT', { min: rule.minReceivers, max: rule.maxReceivers });
    }
    if (rule.signing) checkSignerDocuments(type!.signMethod, request.receivers, (field, key) => errors.add(field, key));
    if (rule.documents === 'required' && request.documents.length === 0 && !withoutDocuments) {
      errors.add('documents', 'ERR_FIELD_REQUIRED');
    }
    if (rule.documents === 'none' && request.documents.length > 0) errors.add('documents', 'ERR_FIELD_INVALID');
    if (!rule.signing && request.multiSignerOrder === 1) errors.add('multiSignerOrder', 'ERR_FIELD_INVALID');
    if (!rule.signing && request.pinSignatureText !== undefined) errors.add('pinSignatureText', 'ERR_FIELD_INVALID');
    if (!rule.custody && request.custodyDays !== undefined) errors.add('custodyDays', 'ERR_FIELD_INVALID');
    const custodyDays = rule.custody ? (request.custodyDays ?? type!.custodyDays) : null;
    if (rule.custody && custodyDays === null) errors.add('custodyDays', 'ERR_FIELD_REQUIRED');

    const { templateId, template, subject, body } = await resolveShippingMessage(
      db,
      lookups.template,
      request,
      { domainId, companyId, companyName: company!.name, id: type!.id, senderLanguage: principal.language },
      (field, key, params) => errors.add(field, key, params),
    );
    if (request.channel === 'sms') {
      const maxCharacters = await preferences.getNumber(PREFERENCES.smsMaxCharacters, 160);
      if (!body && template === null) errors.add('message', 'ERR_FIELD_REQUIRED');
      else if (body !== null && body.length > maxCharacters) {
        errors.add('message', 'ERR_FIELD_TOO_LONG', { max: maxCharacters });
      }
      // What each receiver gets, composed as the dispatch composes it, in the company's alphabet.
      const texts = await deps.composeSms({
        ...{ domainId, serviceKind, companyName: company!.name, reference: request.reference ?? null },
        message: { templateId, template, subject, body },
        responseDays: type!.responseDays,
        receivers: request.receivers,
        senderLanguage: principal.language,
      });
      const problem = findSmsAlphabetProblem(texts.join('\n'), company!.smsUcs2Allowed);
      if (problem) errors.add('message', problem.key, { illegal: problem.illegal });
    }

    // Authorisers: those the type names, plus users the sender adds (of the company, never the sender).
    const slots: TAuthoriserSlot[] = (await lookups.typeAuthorisers(db, [type!.id])).map((row) => ({
      userId: row.userId,
      groupId: row.groupId,
    }));
    const added = [...new Set((request.authorizers ?? []).map(String))];
    if (added.length > 0) {
      const candidates = await lookups.authoriserCandidates(db, domainId, companyId, added);
      added.forEach((userId, index) => {
        if (!candidates.has(userId) || userId === principal.userId) {
          errors.add(`authorizers.${index}`, 'ERR_FIELD_INVALID');
        } else if (!slots.some((slot) => slot.userId === userId)) slots.push({ userId, groupId: null });
      });
    }
    if (type!.requiresAuth && slots.length === 0) errors.add('authorizers', 'ERR_FIELD_REQUIRED');
    const formValues = checkTypeValues(type!, request, (field, key) => errors.add(field, key));
    errors.throwIfAny();

    return {
      domainId,
      companyId,
      companyName: company!.name,
      typeId: type!.id,
      serviceKind,
      custodyDays,
      responseDays: type!.responseDays,
      templateId,
      template,
      subject,
      body,
      formValues,
      multiSignerOrder:
        rule.signing && request.multiSignerOrder === 0 ? (type!.multiSignerOrder as 0 | 1) : request.multiSignerOrder,
      pinSignatureText:
        request.pinSignatureText ??
        (rule.signing ? (type!.pinSignatureText as TSendRequest['pinSignatureText']) : undefined) ??
        null,
      font: request.font ?? (rule.signing ? (type!.font as TSendRequest['font']) : undefined) ?? null,
      slots,
      requiresAuth: type!.requiresAuth || slots.length > 0,
      authDeadlineHours: type!.authDeadlineHours,
    };
  }

  async function sendRequest(principal: TPrincipal, request: TSendRequest): Promise<{ requestId: number }> {
    const checked = await checkSendRequest(principal, request);
    const documents = await storeDocuments(request, new FieldErrors());
    const id = await db
      .transaction()
      .execute((trx) => insertCheckedShippings(trx, principal, [{ request, checked, documents }], null));
    return { requestId: Number(id[0]) };
  }

  /**
   * Writes checked shippings in `trx`, a few statements for the whole batch (imports write 2,000 at a time).
   * With `importId` they wait in `pending_import` until their import is released
   * (imports/import-run.service.ts), and no follow-up is queued. Answers their ids in the order given.
   */
  async function insertCheckedShippings(
    trx: Transaction<Database>,
    principal: TPrincipal,
    items: readonly TCheckedShipping[],
    importId: string | null,
  ): Promise<string[]> {
    if (items.length === 0) return [];
    const ids = await allocateShippingIds(trx, items.length);
    const createdAt = eventTime();
    const shippings: TNewShippingRow[] = [];
    const receivers: Parameters<typeof insertReceivers>[1][number][] = [];
    const documents: Parameters<typeof insertShippingDocuments>[1][number][] = [];
    const events: TNewEvent[] = [];
    const follow: { shippingId: string; from: null; to: TLifecycle['state'] }[] = [];
    const authorisations: { shippingId: string; slots: TAuthoriserSlot[]; deadlineAt: Date }[] = [];
    for (const [index, { request, checked, documents: files, needsReview }] of items.entries()) {
      const { domainId, companyId, serviceKind, custodyDays, templateId, body, slots, requiresAuth } = checked;
      const id = ids[index]!;
      const guid = randomUUID();
      const lifecycle: TLifecycle = importId
        ? { state: 'pending_import', result: null, deleted: false }
        : initialLifecycle({ requiresAuth });
      const authDeadlineAt = requiresAuth
        ? new Date(createdAt.getTime() + checked.authDeadlineHours * 3_600_000)
        : null;
      const rows = request.receivers.map((receiver, position) => toReceiverRow(receiver, position + 1));
      const firstName = rows[0]!.name;
      const head = { id, eventCount: 0, lastEventHash: null as string | null };
      const event = chainEvent(head, {
        at: createdAt,
        actor: principal.userId,
        action: 'create',
        from: null,
        to: lifecycle,
        details: {
          guid,
          service: serviceKind,
          channel: request.channel,
          receivers: rows.length,
          documents: files.map((document) => document.sha256),
          authorisations: authDeadlineAt ? slots.length : 0,
          sandbox: principal.isSandbox,
          ...(principal.apiKey && { apiKey: principal.apiKey.id }),
        },
      });
      shippings.push({
        id,
        guid,
        domainId,
        companyId,
        typeId: checked.typeId,
        importId,
        senderId: principal.userId,
        apiKeyId: principal.apiKey?.id ?? null,
        serviceKind,
        channel: request.channel,
        templateId,
        template: checked.template,
        reference: request.reference || null,
        subject: checked.subject,
        body,
        state: lifecycle.state,
        customFields: request.customFields ?? {},
        metaProperties: request.metaProperties ?? {},
        formValues: checked.formValues,
        multiSignerOrder: checked.multiSignerOrder,
        pinSignatureText: checked.pinSignatureText,
        font: checked.font,
        custodyDays,
        requiresAuth,
        authDeadlineAt,
        isSandbox: principal.isSandbox,
        needsReview: needsReview ?? false,
        receiverSummary: rows.length > 1 ? `${firstName} +${rows.length - 1}` : firstName,
        searchText: searchTextOf(request),
        eventCount: head.eventCount,
        lastEventHash: head.lastEventHash!,
        createdAt,
      });
      receivers.push(...rows.map((row) => ({ ...row, shippingId: id })));
      documents.push(...files.map((document) => ({ ...document, shippingId: id })));
      events.push(event);
      follow.push({ shippingId: id, from: null, to: lifecycle.state });
      if (authDeadlineAt) authorisations.push({ shippingId: id, slots, deadlineAt: authDeadlineAt });
    }
    // The shippings first: the other rows point at them.
    await insertShippings(trx, shippings);
    await insertReceivers(trx, receivers);
    await insertShippingDocuments(trx, documents);
    await insertEvents(trx, events);
    for (const { shippingId, slots, deadlineAt } of authorisations) {
      await insertAuthorisations(trx, shippingId, 1, slots, deadlineAt);
    }
    await queueStateFollowUps(deps.jobs, trx, follow);
    return ids;
  }

  return { sendRequest, checkSendRequest, insertCheckedShippings, storeDocuments };
}
