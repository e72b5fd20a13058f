// Bulk shippings made inside PostgreSQL (INSERT … SELECT over generate_series), for data sets of ten million rows
// that COPY fed from Node would take hours to write on the 2-core machine. The rows have the spread of
// shippings-load-rows.ts (the same weighted states, results and channels, the same words, dates over five years
// that grow towards today, ids ascending with the date) over several domains: each value is drawn from a hash of
// the row number (hashint8extended), so the same data comes out on every run and in any order of chunks.
// The kept counts (migrations 008 and 025) are filled by the statement triggers each chunk fires.
import type pg from 'pg';
import {
  CHANNELS,
  CLOSED_RESULTS,
  RECEIVER_COLUMNS,
  RECENT_STATES,
  SETTLED_STATES,
  SHIPPING_COLUMNS,
  SPAN_DAYS,
  type TWeighted,
} from './shippings-load-rows.ts';
import {
  CITIES,
  COMPANY_RECEIVERS,
  DNI_LETTERS,
  FIRST_NAMES,
  MAIL_DOMAINS,
  SUBJECTS,
  SURNAMES,
} from './shippings-load-words.ts';

export type TSeedDomain = {
  domainId: string;
  /** Share of the rows this domain gets (the shares are normalised). */
  share: number;
  types: { id: string; serviceKind: string }[];
  senders: { id: string; companyId: string; isSandbox: boolean }[];
};

/** Rows per statement: small enough to see progress and to retry a chunk a deadlock between workers rolled back. */
const CHUNK = 250_000;

/** A uniform number in [0, 1) from the row number `g` and a salt: the same for the same row on every run. */
const draw = (salt: number) => `((hashint8extended(g, ${salt}) & 2147483647)::float8 / 2147483648)`;

/** `CASE` picking from a weighted table by the uniform number in `column`. */
function weightedCase(table: TWeighted<string>, column: string): string {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  let upTo = 0;
  const arms = table.slice(0, -1).map(([value, weight]) => {
    upTo += weight / total;
    return `WHEN ${column} < ${upTo} THEN '${value}'`;
  });
  return `CASE ${arms.join(' ')} ELSE '${table.at(-1)![0]}' END`;
}

/** The ASCII form of a name for e-mails, as shippings-load-rows.ts makes it. */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * The generated rows of g in [$2, $3), every column either table needs. Parameters: $1 first id - 0, $2/$3 the
 * chunk, $4 total rows, $5 now (epoch seconds), $6 domain ids, $7/$8 type offset/count per domain, $9/$10 sender
 * offset/count per domain, $11 type ids, $12 type kinds, $13 sender ids, $14 sender companies, $15 sender sandbox,
 * $16 first names, $17 their ASCII forms, $18 surnames, $19 their ASCII forms, $20 company receivers, $21 cities,
 * $22 subjects, $23 mail domains.
 */
export function rowsSql(thresholds: number[]): string {
  const domainCase =
    thresholds.length === 1
      ? '1'
      : `CASE ${thresholds
          .slice(0, -1)
          .map((upTo, index) => `WHEN r_domain < ${upTo} THEN ${index + 1}`)
          .join(' ')} ELSE ${thresholds.length} END`;
  const span = SPAN_DAYS * 86_400;
  const pick = (array: string, column: string) => `(${array})[1 + floor(${column} * cardinality(${array}))::int]`;
  return `
  SELECT d.*,
    CASE WHEN state = 'closed' THEN CASE WHEN result = 'accepted' THEN 'accepted' ELSE 'delivered' END ELSE 'pending' END AS status,
    lower(concat_ws(' ', reference, subject, name, email, mobile, document_number, CASE WHEN channel = 'postal' THEN city END)) AS search_text
  FROM (
    SELECT c.*,
      CASE WHEN is_company THEN company_name ELSE first_name || ' ' || last1 || ' ' || last2 END AS name,
      CASE WHEN channel = 'postal' THEN NULL
        ELSE first_ascii || '.' || last1_ascii || (id % 1000) || '@' || ($23::text[])[1 + id % cardinality($23::text[])] END AS email,
      CASE WHEN channel = 'sms' OR r_mobile < 0.3 THEN '+346' || (10000000 + (id * 7919) % 89999999) END AS mobile,
      CASE WHEN NOT is_company THEN lpad(((id * 104729) % 100000000)::text, 8, '0')
        || substr('${DNI_LETTERS}', ((id * 104729) % 100000000 % 23)::int + 1, 1) END AS document_number,
      CASE WHEN r_reference < 0.8 THEN 'EXP-' || extract(year FROM to_timestamp(created_s) AT TIME ZONE 'UTC')
        || '-' || lpad(id::text, 7, '0') END AS reference
    FROM (
      SELECT b.*,
        CASE WHEN state = 'closed' THEN ${weightedCase(CLOSED_RESULTS, 'r_result')}
          WHEN state = 'no_auth' THEN 'authorizer_reject' WHEN state = 'not_send_error' THEN 'not_send'
          WHEN state = 'cancel_pending' THEN 'cancelled_by_sender' END AS result,
        CASE WHEN service_kind = 'certified_sms' THEN 'sms' ELSE ${weightedCase(CHANNELS, 'r_channel')} END AS channel
      FROM (
        SELECT a.*,
          ($6::bigint[])[k] AS domain_id,
          ($11::bigint[])[ti] AS type_id, ($12::text[])[ti] AS service_kind,
          ($13::bigint[])[si] AS sender_id, ($14::bigint[])[si] AS company_id, ($15::boolean[])[si] AS is_sandbox,
          CASE WHEN ($5::float8 - created_s) < 60 * 86400 THEN ${weightedCase(RECENT_STATES, 'r_state')}
            ELSE ${weightedCase(SETTLED_STATES, 'r_state')} END AS state,
          least($5::float8, created_s + r_updated * 20 * 86400) AS updated_s,
          ($16::text[])[fi] AS first_name, ($17::text[])[fi] AS first_ascii,
          ($18::text[])[l1] AS last1, ($19::text[])[l1] AS last1_ascii, ($18::text[])[l2] AS last2,
          ${pick('$20::text[]', 'r_company_name')} AS company_name,
          ${pick('$21::text[]', 'r_city')} AS city,
          ${pick('$22::text[]', 'r_subject')} || ' ' || id AS subject
        FROM (
          SELECT z.*,
            ($7::int[])[k] + 1 + floor(r_type * ($8::int[])[k])::int AS ti,
            ($9::int[])[k] + 1 + floor(r_sender * ($10::int[])[k])::int AS si,
            $5::float8 - ${span} + (-1 + sqrt(1 + 3 * ((g + r_date) / $4::float8))) * ${span} AS created_s,
            1 + floor(r_first * cardinality($16::text[]))::int AS fi,
            1 + floor(r_last1 * cardinality($18::text[]))::int AS l1,
            1 + floor(r_last2 * cardinality($18::text[]))::int AS l2
          FROM (
            SELECT y.*, ${domainCase} AS k
            FROM (
              SELECT g, $1::bigint + g AS id,
                ${draw(1)} AS r_domain, ${draw(2)} AS r_date, ${draw(3)} AS r_type, ${draw(4)} AS r_sender,
                ${draw(5)} AS r_state, ${draw(6)} AS r_result, ${draw(7)} AS r_channel, ${draw(8)} AS r_deleted,
                ${draw(9)} AS r_updated, ${draw(10)} < 0.25 AS is_company, ${draw(11)} AS r_first,
                ${draw(12)} AS r_last1, ${draw(13)} AS r_last2, ${draw(14)} AS r_mobile, ${draw(15)} AS r_city,
                ${draw(16)} AS r_reference, ${draw(17)} AS r_subject, ${draw(18)} AS r_company_name
              FROM generate_series($2::bigint, $3::bigint - 1) g
            OFFSET 0) y
          OFFSET 0) z
        OFFSET 0) a
      OFFSET 0) b
    OFFSET 0) c
  ) d`;
}

export function insertShippingsSql(rows: string): string {
  return `INSERT INTO shippings (${SHIPPING_COLUMNS}) OVERRIDING SYSTEM VALUE
  SELECT id, domain_id, company_id, type_id, sender_id, service_kind, channel, reference, subject, state,
    result, false, is_sandbox, name, search_text, to_timestamp(created_s), to_timestamp(updated_s),
    CASE WHEN r_deleted < 0.01 THEN to_timestamp(updated_s) END, CASE WHEN r_deleted < 0.01 THEN sender_id END
  FROM (${rows}) rows`;
}

export function insertReceiversSql(rows: string): string {
  return `INSERT INTO shipping_receivers (${RECEIVER_COLUMNS})
  SELECT id, 1, CASE WHEN is_company THEN 'company' ELSE 'individual' END, name,
    CASE WHEN NOT is_company THEN 'DNI' END, document_number, email, mobile, 'es-es',
    CASE WHEN channel = 'postal' THEN 'Calle' END, CASE WHEN channel = 'postal' THEN 'Mayor ' || (1 + id % 200) END,
    CASE WHEN channel = 'postal' THEN lpad((10000 + id % 40000)::text, 5, '0') END,
    CASE WHEN channel = 'postal' THEN city END, CASE WHEN channel = 'postal' THEN 'ES' END, status
  FROM (${rows}) rows`;
}

/** The array parameters of rowsSql for the domains. */
export function parameters(domains: TSeedDomain[]) {
  const typeOffsets: number[] = [];
  const senderOffsets: number[] = [];
  let types = 0;
  let senders = 0;
  for (const domain of domains) {
    typeOffsets.push(types);
    senderOffsets.push(senders);
    types += domain.types.length;
    senders += domain.senders.length;
  }
  const allTypes = domains.flatMap((domain) => domain.types);
  const allSenders = domains.flatMap((domain) => domain.senders);
  return [
    domains.map((domain) => domain.domainId),
    typeOffsets,
    domains.map((domain) => domain.types.length),
    senderOffsets,
    domains.map((domain) => domain.senders.length),
    allTypes.map((type) => type.id),
    allTypes.map((type) => type.serviceKind),
    allSenders.map((sender) => sender.id),
    allSenders.map((sender) => sender.companyId),
    allSenders.map((sender) => sender.isSandbox),
    FIRST_NAMES,
    FIRST_NAMES.map(ascii),
    SURNAMES,
    SURNAMES.map(ascii),
    COMPANY_RECEIVERS,
    CITIES,
    SUBJECTS,
    MAIL_DOMAINS,
  ];
}

const isDeadlock = (error: unknown) => (error as { code?: string }).code === '40P01';

/**
 * Seeds `count` shippings (one receiver each) over `domains` with `workers` connections in parallel. The indexes of
 * both tables but the primary keys and unique constraints are dropped first and built again after (also in
 * parallel), then VACUUM (ANALYZE) and a CHECKPOINT, as loadShippings leaves its data.
 */
export async function seedShippingsInDatabase(
  pool: pg.Pool,
  domains: TSeedDomain[],
  count: number,
  options: {
    workers: number;
    log: (line: string) => void;
    /** Indexes not built again (e.g. the free-text search's trigram index, which none of the measured calls use). */
    skipIndexes?: string[];
  },
): Promise<{ seconds: { insert: number; indexes: number; vacuum: number }; skippedIndexes: string[] }> {
  const total = domains.reduce((sum, domain) => sum + domain.share, 0);
  let upTo = 0;
  const thresholds = domains.map((domain) => {
    upTo += domain.share / total;
    return upTo;
  });
  const rows = rowsSql(thresholds);
  const shippingsSql = insertShippingsSql(rows);
  const receiversSql = insertReceiversSql(rows);
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     WHERE i.indrelid IN ('shippings'::regclass, 'shipping_receivers'::regclass)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  const { rows: first } = await pool.query<{ id: string }>('SELECT coalesce(max(id), 0) + 1 AS id FROM shippings');
  const firstId = Number(first[0]!.id);
  const now = Date.now() / 1000;
  const arrays = parameters(domains);
  const seconds = { insert: 0, indexes: 0, vacuum: 0 };

  for (const index of indexes) await pool.query(`DROP INDEX ${index.name}`);
  let started = performance.now();
  const chunks = Array.from({ length: Math.ceil(count / CHUNK) }, (_, index) => index * CHUNK);
  let done = 0;
  const work = async () => {
    const client = await pool.connect();
    try {
      await client.query("SET work_mem = '64MB'");
      for (let from = chunks.shift(); from !== undefined; from = chunks.shift()) {
        const to = Math.min(count, from + CHUNK);
        const values = [firstId, from, to, count, now, ...arrays];
        for (;;) {
          try {
            await client.query('BEGIN');
            await client.query(shippingsSql, values);
            await client.query(receiversSql, values);
            await client.query('COMMIT');
            break;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => {});
            if (!isDeadlock(error)) throw error;
          }
        }
        done += to - from;
        options.log(`  ${done.toLocaleString('en')} of ${count.toLocaleString('en')} shippings written`);
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: options.workers }, work));
  await pool.query("SELECT setval(pg_get_serial_sequence('shippings', 'id'), (SELECT max(id) FROM shippings))");
  seconds.insert = (performance.now() - started) / 1000;

  started = performance.now();
  const pending = indexes.filter((index) => !options.skipIndexes?.includes(index.name));
  const build = async () => {
    const client = await pool.connect();
    try {
      await client.query("SET maintenance_work_mem = '512MB'");
      for (let index = pending.shift(); index; index = pending.shift()) {
        const began = performance.now();
        await client.query(index.definition);
        options.log(`  index ${index.name} built in ${Math.round((performance.now() - began) / 1000)} s`);
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: options.workers }, build));
  seconds.indexes = (performance.now() - started) / 1000;

  started = performance.now();
  await Promise.all([
    pool.query('VACUUM (ANALYZE) shippings'),
    pool.query('VACUUM (ANALYZE) shipping_receivers'),
    pool.query('VACUUM (ANALYZE) shipping_day_counts'),
    pool.query('VACUUM (ANALYZE) shipping_hour_totals'),
  ]);
  await pool.query('CHECKPOINT');
  seconds.vacuum = (performance.now() - started) / 1000;
  return {
    seconds,
    skippedIndexes: indexes.map((index) => index.name).filter((name) => options.skipIndexes?.includes(name)),
  };
}
