import { type TSendRequestInput, ZReceiver, ZSendRequest } from '@sello/contracts/catalogue/shippings-create';
import type { TTemplateDetail } from '@sello/contracts/catalogue/templates';
import { type Language, LIMITS } from '@sello/contracts/constants';
import { findReceiversLanguage, pickDefaultTemplate, type TDefaultTemplates } from '@sello/contracts/default-templates';
import type {
  Channel,
  DocumentCategory,
  Font,
  MultiSignerOrder,
  PinSignatureTextValue,
  TemplateContentType,
} from '@sello/contracts/enums';

export type TPostalFormValues = {
  streetType?: string;
  street?: string;
  streetNumType?: string;
  streetNumber?: string;
  addressExtra?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  country?: string;
};

export type TReceiverFormValues = {
  receiverType?: 1 | 2;
  name?: string;
  documentType?: 'DNI' | 'NIF' | 'NIE';
  documentNumber?: string;
  email?: string;
  mobile?: string;
  /** The language the receiver is written to in (the sender's by default). */
  language?: Language;
  postal?: TPostalFormValues;
};

export type TNamedValue = { name?: string; value?: string };

/** What the new-shipping form holds (antd form values). */
export type TSendFormValues = {
  companyId?: number;
  typeId?: number;
  channel?: Channel;
  reference?: string;
  subject?: string;
  message?: string;
  /** The template the subject and body were taken from. */
  templateId?: number;
  receivers?: TReceiverFormValues[];
  customFields?: TNamedValue[];
  metaProperties?: TNamedValue[];
  multiSignerOrder?: MultiSignerOrder;
  pinSignatureText?: PinSignatureTextValue;
  font?: Font;
  custodyDays?: number;
  authorizers?: number[];
  /** Values of the type's form, by control name. */
  formValues?: Record<string, string | undefined>;
};

export type TFormDocument = { name: string; category: DocumentCategory; content: string };

/** Text with something in it, trimmed; empty text is left out (optional fields stay absent). */
function text(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function namedValues(entries: readonly TNamedValue[] | undefined): Record<string, string> | undefined {
  const pairs = (entries ?? []).filter((entry) => text(entry.name) !== undefined);
  return pairs.length > 0 ? Object.fromEntries(pairs.map((entry) => [text(entry.name), entry.value ?? ''])) : undefined;
}

/** The filled values of the type's form; none when nothing is filled. */
function formValuesOf(values: TSendFormValues['formValues']): Record<string, string> | undefined {
  const filled = Object.entries(values ?? {}).filter((entry): entry is [string, string] => Boolean(text(entry[1])));
  return filled.length > 0 ? Object.fromEntries(filled.map(([name, value]) => [name, value.trim()])) : undefined;
}

function postalOf(postal: TPostalFormValues | undefined): TSendRequestInput['receivers'][number]['postal'] {
  if (!postal || Object.values(postal).every((value) => !text(value))) return undefined;
  return compact({
    streetType: text(postal.streetType),
    street: postal.street ?? '',
    streetNumType: text(postal.streetNumType),
    streetNumber: text(postal.streetNumber),
    addressExtra: text(postal.addressExtra),
    postalCode: postal.postalCode ?? '',
    city: postal.city ?? '',
    province: text(postal.province),
    country: postal.country ?? '',
  });
}

/** The `sendrequest` body of the form's values: empty optional fields left out, named values as maps. */
export function toSendRequest(values: TSendFormValues, documents: readonly TFormDocument[]): TSendRequestInput {
  const isPostal = values.channel === 'postal';
  return compact({
    companyId: values.companyId as number,
    typeId: values.typeId as number,
    channel: values.channel as Channel,
    reference: text(values.reference),
    subject: values.subject ?? '',
    message: text(values.message),
    templateId: values.templateId ?? undefined,
    receivers: (values.receivers ?? []).map((receiver) =>
      compact({
        receiverType: receiver.receiverType ?? 1,
        name: receiver.name ?? '',
        documentType: text(receiver.documentNumber) ? receiver.documentType : undefined,
        documentNumber: text(receiver.documentNumber),
        email: text(receiver.email),
        mobile: text(receiver.mobile),
        language: receiver.language,
        postal: isPostal ? postalOf(receiver.postal) : undefined,
      }),
    ),
    documents: documents.map((document) => ({ ...document })),
    multiSignerOrder: values.multiSignerOrder,
    pinSignatureText: values.pinSignatureText,
    font: values.font,
    custodyDays: values.custodyDays ?? undefined,
    customFields: namedValues(values.customFields),
    metaProperties: namedValues(values.metaProperties),
    authorizers: values.authorizers && values.authorizers.length > 0 ? values.authorizers : undefined,
    formValues: formValuesOf(values.formValues),
  });
}

export type TFieldIssue = { name: (string | number)[]; key: string };

/**
 * Where an error of the request goes on the form: the request's path, except that custom fields and
 * meta properties (maps in the request, lists on the form) go to their list.
 */
export function formFieldOf(path: readonly PropertyKey[]): (string | number)[] {
  const name = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (name[0] === 'customFields' || name[0] === 'metaProperties' || name[0] === 'documents') return [name[0]];
  return name;
}

const KEY_PATTERN = /^[A-Z][A-Z0-9_]+$/;

/** The issues of the shared schema as form fields with an error key (zod's own texts read "not valid"). */
export function validateSendRequest(request: TSendRequestInput): { ok: true } | { ok: false; issues: TFieldIssue[] } {
  const parsed = ZSendRequest.safeParse(request);
  if (parsed.success) return { ok: true };
  const seen = new Set<string>();
  const issues: TFieldIssue[] = [];
  for (const issue of parsed.error.issues) {
    const name = formFieldOf(issue.path);
    const id = name.join('.');
    if (seen.has(id)) continue;
    seen.add(id);
    const key =
      issue.code === 'invalid_type'
        ? 'ERR_FIELD_REQUIRED'
        : KEY_PATTERN.test(issue.message)
          ? issue.message
          : 'ERR_FIELD_INVALID';
    issues.push({ name, key });
  }
  return { ok: false, issues };
}

/** A server field name (`receivers.0.email`, `receivers[0].email`) as a form field. */
export function serverFieldName(field: string): (string | number)[] {
  return formFieldOf(
    field
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
  );
}

/** The error key of one receiver's identity document, or null when it is valid (or absent). */
export function receiverDocumentError(receiver: TReceiverFormValues): string | null {
  if (!text(receiver.documentNumber)) return null;
  const parsed = ZReceiver.safeParse({
    receiverType: receiver.receiverType ?? 1,
    name: 'x',
    documentType: receiver.documentType,
    documentNumber: receiver.documentNumber,
  });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find(
    (entry) => entry.path[0] === 'documentNumber' || entry.path[0] === 'documentType',
  );
  return issue ? (KEY_PATTERN.test(issue.message) ? issue.message : 'ERR_FIELD_INVALID') : null;
}

/** SMS and WhatsApp carry an SMS template's text; every other channel an HTML template's. */
export function templateContentTypeOf(channel: Channel | undefined): TemplateContentType {
  return channel === 'sms' || channel === 'whatsapp' ? 'SMS' : 'HTML';
}

type TTypeTemplates = { defaultTemplates?: TDefaultTemplates | undefined };

/**
 * The template a type starts the form with on a channel, in the receivers' language (null: they speak
 * different ones). None when the type has none in that language: never the default of another language.
 */
export function defaultTemplateOf(
  type: TTypeTemplates | undefined,
  channel: Channel | undefined,
  language: Language | null,
): number | undefined {
  return pickDefaultTemplate(type?.defaultTemplates, templateContentTypeOf(channel), language) ?? undefined;
}

/** The language the form's receivers are written to (each one's own, else the sender's); null when they differ. */
export function findFormReceiversLanguage(values: Pick<TSendFormValues, 'receivers'>, senderLanguage: Language) {
  return findReceiversLanguage(values.receivers ?? [], senderLanguage);
}

/**
 * What choosing a template writes on the form: its subject, when it has one. The message stays the sender's
 * own text; the template is the frame it is sent in (the preview shows both together).
 */
export function valuesFromTemplate(template: Pick<TTemplateDetail, 'subject'>): TSendFormValues {
  const subject = text(template.subject);
  return subject ? { subject } : {};
}

/** How the sender's message reaches the receiver, as the form tells them under the message. */
export type TMessageUse = 'inTemplate' | 'notInTemplate' | 'pageOnly' | 'content';

/**
 * Certified kinds deliver the message itself; a template that marks the message's place carries it there;
 * one that does not, and Sello's own access message (no template), leave it to the receiver's page.
 */
export function messageUseOf(serviceKind: string | undefined, templateContent: string | null | undefined): TMessageUse {
  if (serviceKind === 'certified_email' || serviceKind === 'certified_sms') return 'content';
  if (templateContent === undefined || templateContent === null) return 'pageOnly';
  return /\{\{\s*message\s*\}\}/.test(templateContent) ? 'inTemplate' : 'notInTemplate';
}

const MESSAGE_USE_KEYS: Record<TMessageUse, string> = {
  inTemplate: 'SHIPPING_MESSAGE_IN_TEMPLATE',
  notInTemplate: 'SHIPPING_MESSAGE_NOT_IN_TEMPLATE',
  pageOnly: 'SHIPPING_MESSAGE_PAGE_ONLY',
  content: 'SHIPPING_MESSAGE_CONTENT',
};

export function messageUseKey(use: TMessageUse): string {
  return MESSAGE_USE_KEYS[use];
}

export type TFileCheck =
  | { ok: true }
  | { ok: false; ignore: true }
  | { ok: false; key: string; params?: Record<string, number> };

/**
 * Whether a file may join the shipping's documents (spec §9): at most 100, names of at most 200
 * characters, each no larger than the configured FILE_UPLOAD_MAX_SIZE (KB). A name already added is
 * ignored without a word, as the feedback form does.
 */
export function checkNewFile(
  file: { name: string; size: number },
  addedNames: readonly string[],
  maxSizeKb: number,
): TFileCheck {
  if (addedNames.includes(file.name)) return { ok: false, ignore: true };
  if (addedNames.length >= LIMITS.uploadFileLimit) {
    return { ok: false, key: 'ERR_TOO_MANY_ITEMS', params: { max: LIMITS.uploadFileLimit } };
  }
  if (file.name.length > LIMITS.fileNameLength) {
    return { ok: false, key: 'ERR_FILE_NAME_TOO_LONG', params: { max: LIMITS.fileNameLength } };
  }
  if (file.size > maxSizeKb * LIMITS.byteScale)
    return { ok: false, key: 'ERR_MAX_FILE_SIZE', params: { size: maxSizeKb } };
  return { ok: true };
}

/** The list of documents scrolls once it holds this many files (spec §9). */
export function documentsScroll(count: number): boolean {
  return count >= LIMITS.receiverFilesScrollAt;
}

type TTypeForDefaults = {
  serviceKind: string;
  custodyDays?: number | null;
  settings?: {
    pinSignatureText: PinSignatureTextValue | null;
    font: Font;
    multiSignerOrder: MultiSignerOrder;
    customFields: readonly { name: string }[];
    metaProperties: readonly { name: string }[];
  };
};

/**
 * What choosing a type writes on the form: its signing settings, its custody time, the custom fields and
 * meta properties it declares (named, to be filled) and an empty form.
 */
export function typeDefaults(type: TTypeForDefaults | undefined): TSendFormValues {
  const settings = type?.settings;
  if (!settings) return { formValues: {}, customFields: [], metaProperties: [] };
  return {
    pinSignatureText: settings.pinSignatureText ?? undefined,
    font: settings.font,
    multiSignerOrder: settings.multiSignerOrder,
    custodyDays: type.custodyDays ?? undefined,
    customFields: settings.customFields.map((field) => ({ name: field.name, value: '' })),
    metaProperties: settings.metaProperties.map((property) => ({ name: property.name, value: '' })),
    formValues: {},
  };
}
