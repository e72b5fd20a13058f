import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { TImportSettings } from '../db/import-schema.ts';
import type { Database } from '../db/schema.ts';
import { LOCKED_SHIPPING_COLUMNS } from '../shippings/shipping-lifecycle.queries.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type TImportState = 'CREATED' | 'VALIDATED' | 'IN_COURSE' | 'FINISHED' | 'ERROR';

const copyText = (text: string) =>
  text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r');

export type TNewImport = {
  domainId: string;
  companyId: string;
  userId: string;
  type: 'FILE' | 'TEMPLATE';
  description: string | null;
  fileName: string | null;
  fileSha256: string | null;
  settings: TImportSettings;
};

/**
 * Inserts the import and stages its rows with one COPY (the 100,000-row file is not written row by row), in
 * one transaction: no worker ever sees an import whose rows are not all there, and a failure leaves nothing.
 */
export async function insertImportWithRows(
  pool: pg.Pool,
  values: TNewImport,
  rows: readonly { line: number; cells: Record<string, string> }[],
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO imports (domain_id, company_id, user_id, type, description, file_name, file_sha256, settings, total)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        values.domainId,
        values.companyId,
        values.userId,
        values.type,
        values.description,
        values.fileName,
        values.fileSha256,
        JSON.stringify(values.settings),
        rows.length,
      ],
    );
    const importId = inserted.rows[0]!.id;
    const stream = client.query(copyFrom('COPY import_rows (import_id, line, cells) FROM STDIN'));
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    let chunk = '';
    for (const row of rows) {
      chunk += `${importId}\t${row.line}\t${copyText(JSON.stringify(row.cells))}\n`;
      if (chunk.length > 1 << 20) {
        if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
        chunk = '';
      }
    }
    stream.end(chunk);
    await done;
    await client.query('COMMIT');
    return importId;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const IMPORT_COLUMNS = [
  'i.id',
  'i.domain_id as domainId',
  'i.company_id as companyId',
  'c.name as companyName',
  'i.user_id as userId',
  'u.username as userid',
  'i.type',
  'i.state',
  'i.description',
  'i.file_name as fileName',
  'i.file_sha256 as fileSha256',
  'i.settings',
  'i.total',
  'i.valid',
  'i.errors',
  'i.created',
  'i.error_key as errorKey',
  'i.created_at as createdAt',
  'i.updated_at as updatedAt',
] as const;

function importsQuery(db: Db) {
  return db
    .selectFrom('imports as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(IMPORT_COLUMNS);
}

/** The companies a principal sees imports of: null = every company of the domain; domainId null = every domain. */
export type TImportScope = { domainId: string | null; companyIds: string[] | null };

function inScope(scope: TImportScope) {
  return sql<SqlBool>`(${scope.domainId === null ? sql`true` : sql`i.domain_id = ${scope.domainId}`}
    AND ${scope.companyIds === null ? sql`true` : scope.companyIds.length === 0 ? sql`false` : sql`i.company_id IN (${sql.join(scope.companyIds)})`})`;
}

export async function selectImport(db: Db, id: string, scope: TImportScope | null) {
  return importsQuery(db)
    .where('i.id', '=', id)
    .$if(scope !== null, (query) => query.where(inScope(scope!)))
    .executeTakeFirst();
}
export type TImportRecord = NonNullable<Awaited<ReturnType<typeof selectImport>>>;

export async function selectImportsPage(
  db: Db,
  scope: TImportScope,
  options: { type: 'FILE' | 'TEMPLATE' | null; importId?: number; userId?: string; first: number; pageSize: number },
) {
  const base = importsQuery(db)
    .where(inScope(scope))
    .$if(options.type !== null, (query) => query.where('i.type', '=', options.type!))
    .$if(options.importId !== undefined, (query) => query.where('i.id', '=', String(options.importId)))
    .$if(options.userId !== undefined, (query) => query.where('i.user_id', '=', options.userId!));
  const [rows, total] = await Promise.all([
    base.orderBy('i.id', 'desc').offset(options.first).limit(options.pageSize).execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function selectImportUsers(db: Db, scope: TImportScope) {
  return db
    .selectFrom('imports as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['u.id', 'u.username', 'u.name', 'u.active'])
    .distinct()
    .where(inScope(scope))
    .orderBy('u.username')
    .execute();
}

/** At most `limit` rows: failed first, then in file order. */
export async function selectImportLines(db: Db, importId: string, limit: number) {
  return db
    .selectFrom('import_rows')
    .select([
      'id',
      'line',
      'cells',
      'status',
      'error_field as errorField',
      'error_key as errorKey',
      'shipping_id as shippingId',
    ])
    .where('import_id', '=', importId)
    .orderBy(sql`status = 'ERROR'`, 'desc')
    .orderBy('line')
    .limit(limit)
    .execute();
}

/** Every row of a status, in file order, as a cursor (errors file, report). */
export function streamImportLines(db: Db, importId: string, statuses: readonly string[]) {
  return db
    .selectFrom('import_rows')
    .select([
      'line',
      'cells',
      'status',
      'error_field as errorField',
      'error_key as errorKey',
      'shipping_id as shippingId',
    ])
    .where('import_id', '=', importId)
    .where('status', 'in', statuses as ('PENDING' | 'VALID' | 'ERROR' | 'CREATED')[])
    .orderBy('line')
    .stream(500);
}

export async function selectRowsToCheck(db: Db, importId: string, afterLine: number, limit: number) {
  return db
    .selectFrom('import_rows')
    .select(['id', 'line', 'cells'])
    .where('import_id', '=', importId)
    .where('status', '=', 'PENDING')
    .where('line', '>', afterLine)
    .orderBy('line')
    .limit(limit)
    .execute();
}

export type TRowVerdict = {
  id: string;
  status: 'VALID' | 'ERROR';
  field: string | null;
  key: string | null;
  review: boolean;
};

/** Writes the dry run's verdicts of a batch of rows in one statement. */
export async function updateRowVerdicts(db: Db, verdicts: readonly TRowVerdict[]): Promise<void> {
  if (verdicts.length === 0) return;
  await sql`UPDATE import_rows r SET status = v.status, error_field = v.field, error_key = v.key, needs_review = v.review
    FROM unnest(${verdicts.map((v) => v.id)}::bigint[], ${verdicts.map((v) => v.status)}::text[],
      ${verdicts.map((v) => v.field)}::text[], ${verdicts.map((v) => v.key)}::text[],
      ${verdicts.map((v) => v.review)}::boolean[]) AS v(id, status, field, key, review)
    WHERE r.id = v.id`.execute(db);
}

/** Recounts an import from its rows and sets its state. */
export async function updateImportCounts(db: Db, importId: string, state?: TImportState, errorKey?: string | null) {
  await sql`UPDATE imports i SET
      valid = c.valid, errors = c.errors, created = c.created, updated_at = now()
      ${state ? sql`, state = ${state}` : sql``}
      ${errorKey !== undefined ? sql`, error_key = ${errorKey}` : sql``}
    FROM (SELECT count(*) FILTER (WHERE status IN ('VALID', 'CREATED'))::int AS valid,
                 count(*) FILTER (WHERE status = 'ERROR')::int AS errors,
                 count(*) FILTER (WHERE status = 'CREATED')::int AS created
          FROM import_rows WHERE import_id = ${importId}) c
    WHERE i.id = ${importId}`.execute(db);
}

export async function updateImportState(db: Db, importId: string, from: readonly TImportState[], to: TImportState) {
  const result = await db
    .updateTable('imports')
    .set({ state: to, updated_at: new Date() })
    .where('id', '=', importId)
    .where('state', 'in', from as TImportState[])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Valid rows not yet turned into shippings, locked so that two workers never take the same row. */
export async function lockRowsToCreate(trx: Trx, importId: string, limit: number) {
  return trx
    .selectFrom('import_rows')
    .select(['id', 'line', 'cells', 'needs_review as needsReview'])
    .where('import_id', '=', importId)
    .where('status', '=', 'VALID')
    .where('shipping_id', 'is', null)
    .orderBy('line')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Rows that became shippings, in one statement (in the transaction that wrote the shippings). */
export async function markRowsCreated(trx: Trx, rows: readonly { rowId: string; shippingId: string }[]) {
  if (rows.length === 0) return;
  await sql`UPDATE import_rows r SET status = 'CREATED', shipping_id = v.shipping_id, error_field = NULL, error_key = NULL
    FROM unnest(${rows.map((row) => row.rowId)}::bigint[], ${rows.map((row) => row.shippingId)}::bigint[])
      AS v(id, shipping_id)
    WHERE r.id = v.id`.execute(trx);
}

/**
 * Shippings of the import still waiting in `pending_import` after `afterId`, locked. A row another transaction holds
 * is waited for, not skipped: the release walks the rows once (one copy at a time), and a skipped row would stay
 * behind.
 */
export async function lockPendingShippings(trx: Trx, importId: string, afterId: string, limit: number) {
  return trx
    .selectFrom('shippings as s')
    .select(LOCKED_SHIPPING_COLUMNS)
    .where('s.import_id', '=', importId)
    .where('s.state', '=', 'pending_import')
    .where('s.deleted_at', 'is', null)
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .forUpdate()
    .execute();
}

/**
 * Whether this transaction may release the import: one copy at a time (another copy's release of the same import
 * holds the lock until it commits).
 */
/**
 * One release of an import at a time: a second worker waits for the first to commit, then releases what the first
 * could not see yet (the shippings of a batch still in flight when the first one walked them).
 */
export async function lockImportRelease(trx: Trx, importId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('imports.release'), (${importId}::bigint % 2147483647)::int)`.execute(
    trx,
  );
}

/** Valid rows not yet turned into shippings, those another worker is creating right now included. */
export async function countRowsToCreate(trx: Trx, importId: string): Promise<number> {
  const row = await trx
    .selectFrom('import_rows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('import_id', '=', importId)
    .where('status', '=', 'VALID')
    .where('shipping_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Imports a killed copy left in the middle of work, untouched for `seconds`: checking or saving, or finished with
 * retried rows still waiting for their check.
 */
export async function selectStalledImports(db: Db, seconds: number) {
  return db
    .selectFrom('imports as i')
    .select(['i.id', 'i.state'])
    .where((eb) =>
      eb.or([
        eb('i.state', 'in', ['CREATED', 'IN_COURSE']),
        eb.and([
          eb('i.state', '=', 'FINISHED'),
          eb.exists(
            eb
              .selectFrom('import_rows as r')
              .select('r.id')
              .whereRef('r.import_id', '=', 'i.id')
              .where('r.status', '=', 'PENDING'),
          ),
        ]),
      ]),
    )
    .where('i.updated_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .execute();
}

/** Progress of saving, without recounting the rows (cheap after every batch of a large import). */
export async function addCreated(db: Db, importId: string, count: number): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({ created: eb('created', '+', count), updated_at: new Date() }))
    .where('id', '=', importId)
    .execute();
}

export async function touchImport(db: Db, importId: string): Promise<void> {
  await db.updateTable('imports').set({ updated_at: new Date() }).where('id', '=', importId).execute();
}

export async function selectTemplateForImport(db: Db, domainId: string, companyId: string, templateId: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'subject', 'body', 'content_type as contentType'])
    .where('id', '=', templateId)
    .where('domain_id', '=', domainId)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function selectCompany(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'domain_id as domainId', 'name'])
    .where('id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function selectTypeName(db: Db, typeId: string, domainId: string) {
  return db
    .selectFrom('shipping_types')
    .select(['id', 'name', 'channels', 'service_kind as serviceKind'])
    .where('id', '=', typeId)
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Cells of the rows already found valid (a resumed dry run rebuilds its duplicate check from them). */
export function streamValidCells(db: Db, importId: string) {
  return db
    .selectFrom('import_rows')
    .select('cells')
    .where('import_id', '=', importId)
    .where('status', 'in', ['VALID', 'CREATED'])
    .orderBy('line')
    .stream(1000);
}

/** The user of an import as a principal row (the background work acts as them). */
export async function selectPrincipalUser(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'domain_id', 'roles', 'permissions', 'is_sandbox', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const companies = await db.selectFrom('user_companies').select('company_id').where('user_id', '=', user.id).execute();
  return {
    userId: user.id,
    username: user.username,
    domainId: user.domain_id,
    roles: user.roles,
    permissions: user.permissions,
    isSandbox: user.is_sandbox,
    language: user.language,
    companyIds: companies.map((row) => row.company_id),
  };
}
