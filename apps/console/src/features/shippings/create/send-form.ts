import { type TSendRequestInput, ZReceiver, ZSendRequest } from '@sello/contracts/catalogue/shippings';
import type { Channel, DocumentCategory, Font, MultiSignerOrder, PinSignatureTextValue } from '@sello/contracts/enums';

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
  receivers?: TReceiverFormValues[];
  customFields?: TNamedValue[];
  metaProperties?: TNamedValue[];
  multiSignerOrder?: MultiSignerOrder;
  pinSignatureText?: PinSignatureTextValue;
  font?: Font;
  custodyDays?: number;
  authorizers?: number[];
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
    receivers: (values.receivers ?? []).map((receiver) =>
      compact({
        receiverType: receiver.receiverType ?? 1,
        name: receiver.name ?? '',
        documentType: text(receiver.documentNumber) ? receiver.documentType : undefined,
        documentNumber: text(receiver.documentNumber),
        email: text(receiver.email),
        mobile: text(receiver.mobile),
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
