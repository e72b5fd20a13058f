// The rows of the bench's bulk shippings, as COPY text lines: deterministic values (a seeded generator)
// spread the way a provider's data is. `receiver_summary` and `search_text` are built as
// shipping-create.service.ts builds them.
import {
  CITIES,
  COMPANY_RECEIVERS,
  DNI_LETTERS,
  FIRST_NAMES,
  MAIL_DOMAINS,
  SUBJECTS,
  SURNAMES,
} from './shippings-load-words.ts';

export type TShippingLoadContext = {
  domainId: string;
  /** Shipping types of the domain with their service kind. */
  types: { id: string; serviceKind: string }[];
  /** Senders with the company each sends for. */
  senders: { id: string; companyId: string; isSandbox: boolean }[];
};

/** Weighted choice tables: [value, weight]. */
export type TWeighted<T> = readonly (readonly [T, number])[];

// States of a mostly settled history; the recent months hold what is still moving (see `pickState`).
export const SETTLED_STATES: TWeighted<string> = [
  ['closed', 88],
  ['not_send_error', 3],
  ['no_auth', 2],
  ['auths_expired', 2],
  ['in_course', 3],
  ['sent', 2],
];
export const RECENT_STATES: TWeighted<string> = [
  ['sent', 22],
  ['in_course', 25],
  ['closed', 30],
  ['pending_auth', 6],
  ['auths_pending_user', 2],
  ['pending_to_send', 4],
  ['to_review', 2],
  ['pending_cert', 2],
  ['pending_cert_postal', 1],
  ['not_send_error', 2],
  ['cancel_pending', 1],
  ['no_auth', 1],
  ['auths_expired', 1],
  ['pending_import', 1],
];
export const CLOSED_RESULTS: TWeighted<string> = [
  ['accepted', 62],
  ['deny', 9],
  ['timeout', 14],
  ['custody_in_course', 3],
  ['error', 3],
  ['pin_error', 1],
  ['cancelled_by_sender', 5],
  ['supervisor_reject', 1],
  ['exceeded_ocr_tries', 1],
  ['not_send', 1],
];
export const CHANNELS: TWeighted<string> = [
  ['email', 70],
  ['sms', 14],
  ['postal', 10],
  ['whatsapp', 3],
  ['onscreen', 3],
];

/** mulberry32: a small, fast, seeded generator (the same data every run). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(table: TWeighted<T>): (r: number) => T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  return (r) => {
    let left = r * total;
    for (const [value, weight] of table) {
      left -= weight;
      if (left < 0) return value;
    }
    return table.at(-1)![0];
  };
}

const pickSettled = weighted(SETTLED_STATES);
const pickRecent = weighted(RECENT_STATES);
const pickClosedResult = weighted(CLOSED_RESULTS);
const pickChannel = weighted(CHANNELS);

/** COPY text format: backslash, tab and newlines escaped; null as \N. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const asciiCache = new Map<string, string>();
/** The ASCII form of a name for e-mails (no accents, letters only), computed once per name. */
function ascii(text: string): string {
  let value = asciiCache.get(text);
  if (value === undefined) {
    value = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    asciiCache.set(text, value);
  }
  return value;
}

const DAY_MS = 86_400_000;
export const SPAN_DAYS = 5 * 365 - 10;

type TRow = { shipping: string; receiver: string };

/**
 * Row `i` (0-based) of `count`: ids ascend with the creation date, as they do in a live system. The
 * volume grows over the years (the density of dates rises linearly towards today).
 */
export function makeRow(
  i: number,
  count: number,
  id: number,
  now: number,
  context: TShippingLoadContext,
  r: () => number,
) {
  // Inverse of a linearly rising density on [0, 1]: later dates are twice as frequent as the earliest.
  const u = (i + r()) / count;
  const position = (-1 + Math.sqrt(1 + 3 * u)) / 1; // solves (x + x²/2) / 1.5 = u on [0, 1]
  const createdAt = now - SPAN_DAYS * DAY_MS + position * SPAN_DAYS * DAY_MS;
  const ageDays = (now - createdAt) / DAY_MS;
  const type = context.types[Math.floor(r() * context.types.length)]!;
  const sender = context.senders[Math.floor(r() * context.senders.length)]!;
  const state = ageDays < 60 ? pickRecent(r()) : pickSettled(r());
  const result =
    state === 'closed'
      ? pickClosedResult(r())
      : state === 'no_auth'
        ? 'authorizer_reject'
        : state === 'not_send_error'
          ? 'not_send'
          : state === 'cancel_pending'
            ? 'cancelled_by_sender'
            : null;
  const channel = type.serviceKind === 'certified_sms' ? 'sms' : pickChannel(r());
  const deleted = r() < 0.01;
  const updatedAt = Math.min(now, createdAt + r() * 20 * DAY_MS);

  const isCompany = r() < 0.25;
  const first = FIRST_NAMES[Math.floor(r() * FIRST_NAMES.length)]!;
  const last1 = SURNAMES[Math.floor(r() * SURNAMES.length)]!;
  const last2 = SURNAMES[Math.floor(r() * SURNAMES.length)]!;
  const name = isCompany
    ? COMPANY_RECEIVERS[Math.floor(r() * COMPANY_RECEIVERS.length)]!
    : `${first} ${last1} ${last2}`;
  const email =
    channel === 'postal'
      ? null
      : `${ascii(first)}.${ascii(last1)}${id % 1000}@${MAIL_DOMAINS[id % MAIL_DOMAINS.length]}`;
  const mobile = channel === 'sms' || r() < 0.3 ? `+346${String(10_000_000 + ((id * 7919) % 89_999_999))}` : null;
  const dniNumber = (id * 104_729) % 100_000_000;
  const documentNumber = isCompany ? null : `${String(dniNumber).padStart(8, '0')}${DNI_LETTERS[dniNumber % 23]}`;
  const city = CITIES[Math.floor(r() * CITIES.length)]!;
  const year = new Date(createdAt).getUTCFullYear();
  const reference = r() < 0.8 ? `EXP-${year}-${String(id).padStart(7, '0')}` : null;
  const subject = `${SUBJECTS[Math.floor(r() * SUBJECTS.length)]} ${id}`;
  const postal = channel === 'postal';
  // As searchTextOf builds it: reference, subject, then name, e-mail, mobile, document number, city.
  const searchText = [reference, subject, name, email, mobile, documentNumber, postal ? city : null]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
  const status = state === 'closed' ? (result === 'accepted' ? 'accepted' : 'delivered') : 'pending';

  const shipping = [
    id,
    context.domainId,
    sender.companyId,
    type.id,
    sender.id,
    type.serviceKind,
    channel,
    reference,
    subject,
    state,
    result,
    false,
    sender.isSandbox,
    name,
    searchText,
    new Date(createdAt).toISOString(),
    new Date(updatedAt).toISOString(),
    deleted ? new Date(updatedAt).toISOString() : null,
    deleted ? sender.id : null,
  ]
    .map(field)
    .join('\t');
  const receiver = [
    id,
    1,
    isCompany ? 'company' : 'individual',
    name,
    isCompany ? null : 'DNI',
    documentNumber,
    email,
    mobile,
    'es-es',
    postal ? 'Calle' : null,
    postal ? `Mayor ${1 + (id % 200)}` : null,
    postal ? String(10_000 + (id % 40_000)).padStart(5, '0') : null,
    postal ? city : null,
    postal ? 'ES' : null,
    status,
  ]
    .map(field)
    .join('\t');
  return { shipping, receiver } satisfies TRow;
}

export const SHIPPING_COLUMNS = `id, domain_id, company_id, type_id, sender_id, service_kind, channel, reference, subject, state,
  result, requires_auth, is_sandbox, receiver_summary, search_text, created_at, updated_at, deleted_at, deleted_by`;
export const RECEIVER_COLUMNS = `shipping_id, position, kind, name, document_type, document_number, email, mobile, language,
  street_type, street, postal_code, city, country, status`;
