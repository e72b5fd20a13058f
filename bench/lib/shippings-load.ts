// Bulk shippings for the shippings-list bench: N shippings (one receiver each) in one domain, streamed
// into PostgreSQL with COPY … FROM STDIN. Values are deterministic (a seeded generator) and spread the
// way a provider's data is: ~5 years of dates with growth, most shippings closed, a realistic share of
// results, types, companies and senders, Spanish and Portuguese receiver names, subjects and references
// for the free-text search. `receiver_summary` and `search_text` are built as shipping-create.service.ts
// builds them. The kept counts (migration 008) are filled by the statement triggers COPY fires.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type TShippingLoadContext = {
  domainId: string;
  /** Shipping types of the domain with their service kind. */
  types: { id: string; serviceKind: string }[];
  /** Senders with the company each sends for. */
  senders: { id: string; companyId: string; isSandbox: boolean }[];
};

const FIRST_NAMES = [
  'Lucía',
  'María',
  'Carmen',
  'Ana',
  'Laura',
  'Marta',
  'Elena',
  'Paula',
  'Sara',
  'Isabel',
  'Cristina',
  'Pilar',
  'Rosa',
  'Beatriz',
  'Nuria',
  'Irene',
  'Raquel',
  'Alba',
  'Sofía',
  'Inés',
  'Joana',
  'Mariana',
  'Beatriz',
  'Catarina',
  'Antonio',
  'José',
  'Manuel',
  'Francisco',
  'David',
  'Juan',
  'Javier',
  'Daniel',
  'Carlos',
  'Miguel',
  'Alejandro',
  'Rafael',
  'Pablo',
  'Sergio',
  'Fernando',
  'Jorge',
  'Alberto',
  'Luis',
  'Álvaro',
  'Adrián',
  'Diego',
  'Iñaki',
  'João',
  'Tiago',
  'Rui',
  'Nuno',
  'Pedro',
  'Jordi',
  'Xavier',
  'Íker',
];
const SURNAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Cruz',
  'Calvo',
  'Gallego',
  'Vidal',
  'León',
  'Márquez',
  'Herrera',
  'Peña',
  'Flores',
  'Cabrera',
  'Campos',
  'Vega',
  'Fuentes',
  'Carrasco',
  'Diez',
  'Caballero',
  'Reyes',
  'Nieto',
  'Aguilar',
  'Pascual',
  'Santana',
  'Herrero',
  'Silva',
  'Pereira',
  'Costa',
  'Oliveira',
  'Ferreira',
  'Rodrigues',
  'Sousa',
  'Echeverría',
  'Goikoetxea',
  'Puig',
];
const COMPANY_RECEIVERS = [
  'Transportes Atlántico S.L.',
  'Seguros Levante S.A.',
  'Gestoría Norte S.L.',
  'Construcciones Ibéricas S.A.',
  'Inmobiliaria Castellana S.L.',
  'Logística Mediterránea S.L.U.',
  'Farmacia Central',
  'Clínica del Sur S.L.',
  'Energía Galaica S.A.',
  'Distribuciones Astur S.L.',
  'Abogados Asociados S.L.P.',
  'Textil Lusitana Lda.',
];
const CITIES = [
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'Zaragoza',
  'Málaga',
  'Murcia',
  'Palma',
  'Bilbao',
  'Alicante',
  'Córdoba',
  'Valladolid',
  'Vigo',
  'Gijón',
  'A Coruña',
  'Granada',
  'Oviedo',
  'Pamplona',
  'Santander',
  'Lisboa',
  'Porto',
  'Braga',
  'Coimbra',
  'Salamanca',
  'Toledo',
  'Cáceres',
  'Logroño',
  'Girona',
  'Tarragona',
  'Huelva',
];
const SUBJECTS = [
  'Notificación de embargo',
  'Requerimiento de pago',
  'Aceptación de escritura',
  'Contrato de arrendamiento',
  'Renovación de póliza',
  'Comunicación de siniestro',
  'Burofax de reclamación',
  'Convocatoria de junta',
  'Liquidación de nómina',
  'Resolución de contrato',
  'Aviso de vencimiento',
  'Propuesta de acuerdo',
  'Carta de despido',
  'Certificado de retenciones',
  'Acta notarial',
  'Poder de representación',
  'Oferta comercial',
  'Factura pendiente',
  'Cambio de condiciones',
  'Notificação de cobrança',
  'Aviso de entrega',
  'Documentación del expediente',
  'Citación',
  'Apertura de expediente sancionador',
];
const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.es', 'yahoo.es', 'telefonica.net', 'sapo.pt', 'empresa.es'];
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Weighted choice tables: [value, weight]. */
type TWeighted<T> = readonly (readonly [T, number])[];

// States of a mostly settled history; the recent months hold what is still moving (see `pickState`).
const SETTLED_STATES: TWeighted<string> = [
  ['closed', 88],
  ['not_send_error', 3],
  ['no_auth', 2],
  ['auths_expired', 2],
  ['in_course', 3],
  ['sent', 2],
];
const RECENT_STATES: TWeighted<string> = [
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
const CLOSED_RESULTS: TWeighted<string> = [
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
const CHANNELS: TWeighted<string> = [
  ['email', 70],
  ['sms', 14],
  ['postal', 10],
  ['whatsapp', 3],
  ['onscreen', 3],
];

/** mulberry32: a small, fast, seeded generator (the same data every run). */
function seeded(seed: number) {
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
function makeRow(i: number, count: number, id: number, now: number, context: TShippingLoadContext, r: () => number) {
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

const SHIPPING_COLUMNS = `id, domain_id, company_id, type_id, sender_id, service_kind, channel, reference, subject, state,
  result, requires_auth, is_sandbox, receiver_summary, search_text, created_at, updated_at, deleted_at, deleted_by`;
const RECEIVER_COLUMNS = `shipping_id, position, kind, name, document_type, document_number, email, mobile, language,
  street_type, street, postal_code, city, country, status`;

/** Lines of COPY text in chunks of `batch` rows. */
function copySource(lines: (i: number) => string, count: number, batch = 2000): Readable {
  let next = 0;
  return new Readable({
    read() {
      if (next >= count) {
        this.push(null);
        return;
      }
      const end = Math.min(count, next + batch);
      const parts: string[] = [];
      for (let i = next; i < end; i++) parts.push(lines(i));
      next = end;
      this.push(`${parts.join('\n')}\n`);
    },
  });
}

/**
 * Loads `count` shippings with their receivers. The indexes of both tables (but the primary keys and
 * unique constraints) are dropped first and built again afterwards, with their definitions as they were:
 * building an index once is much cheaper than a million index insertions. Then VACUUM (ANALYZE), as
 * autovacuum would leave the tables (statistics and the visibility map for index-only scans).
 */
export async function loadShippings(
  pool: pg.Pool,
  context: TShippingLoadContext,
  count: number,
): Promise<{ seconds: { copy: number; indexes: number; vacuum: number } }> {
  const client = await pool.connect();
  const seconds = { copy: 0, indexes: 0, vacuum: 0 };
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       WHERE i.indrelid IN ('shippings'::regclass, 'shipping_receivers'::regclass)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    );
    const { rows: first } = await client.query<{ id: string }>('SELECT coalesce(max(id), 0) + 1 AS id FROM shippings');
    const firstId = Number(first[0]!.id);
    const now = Date.now();
    const rowAt = (() => {
      // Rows are made in order once; the receiver line of each is kept for the second COPY.
      const receivers: string[] = new Array(count);
      const r = seeded(20260101);
      return {
        shipping: (i: number) => {
          const row = makeRow(i, count, firstId + i, now, context, r);
          receivers[i] = row.receiver;
          return row.shipping;
        },
        receiver: (i: number) => {
          const line = receivers[i]!;
          receivers[i] = '';
          return line;
        },
      };
    })();

    let started = performance.now();
    await client.query('BEGIN');
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await pipeline(
      copySource(rowAt.shipping, count),
      client.query(copyFrom(`COPY shippings (${SHIPPING_COLUMNS}) FROM STDIN`)),
    );
    await pipeline(
      copySource(rowAt.receiver, count),
      client.query(copyFrom(`COPY shipping_receivers (${RECEIVER_COLUMNS}) FROM STDIN`)),
    );
    await client.query("SELECT setval(pg_get_serial_sequence('shippings', 'id'), (SELECT max(id) FROM shippings))");
    seconds.copy = (performance.now() - started) / 1000;
    started = performance.now();
    for (const index of indexes) await client.query(index.definition);
    await client.query('COMMIT');
    seconds.indexes = (performance.now() - started) / 1000;
    started = performance.now();
    await client.query('VACUUM (ANALYZE) shippings');
    await client.query('VACUUM (ANALYZE) shipping_receivers');
    seconds.vacuum = (performance.now() - started) / 1000;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { seconds };
}
