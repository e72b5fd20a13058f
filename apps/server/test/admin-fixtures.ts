import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';

type Db = Kysely<Database>;

export async function domainIdOf(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('domains').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The first company created with `taxId` (the seeded one when the tax id is also reused elsewhere). */
export async function companyIdOf(db: Db, taxId: string): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('tax_id', '=', taxId)
    .orderBy('id', 'asc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function userIdOf(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The first group created with `name` (the seeded one when the name is reused in another domain). */
export async function groupIdOf(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('name', '=', name)
    .orderBy('id', 'asc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every sheet row of an .xlsx answer as plain values (dates as ISO text), header first. */
export async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((value) => (value instanceof Date ? value.toISOString() : value)));
  });
  return rows;
}

export function isXlsx(response: LightMyRequestResponse): boolean {
  return String(response.headers['content-type']).startsWith(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
}

/** Posts the DownloadFile form of spec §7 the way the console's hidden form does. */
export function postDownloadFile(
  app: FastifyInstance,
  url: string,
  jsonData: unknown,
  authToken: string,
  extra: Record<string, string> = {},
) {
  const form = new URLSearchParams({ url, jsonData: JSON.stringify(jsonData), authToken, ...extra });
  return app.inject({
    method: 'POST',
    url: '/rest/services/DownloadFile',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** The filters JSON of a list query (null values left out, as the console does). */
export function filtersParam(filters: Record<string, unknown>): string {
  return encodeURIComponent(JSON.stringify(filters));
}

/** Every administration and bin flag, given to a manager and a user beyond their role's defaults. */
const EXTRA_FLAGS = [
  'administration',
  'administrationDomain',
  'administrationSaml',
  'certBin',
  'companyBin',
  'groupBin',
  'userBin',
];

/** Copies of the demo manager and user (same password and companies) holding every administration flag. */
export async function seedFlaggedUsers(db: Db) {
  for (const [login, model] of [
    ['flagged.admin', 'company.admin'],
    ['flagged.manager', 'company.manager'],
    ['flagged.user', 'company.user'],
  ] as const) {
    const source = await db.selectFrom('users').selectAll().where('username', '=', model).executeTakeFirstOrThrow();
    const row = await db
      .insertInto('users')
      .values({
        domain_id: source.domain_id,
        username: login,
        name: `Flagged ${model}`,
        email: `${login}@sello.local`,
        password_hash: source.password_hash,
        language: 'es-es',
        roles: source.roles,
        permissions: [...new Set([...source.permissions, ...EXTRA_FLAGS])],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const companies = await db
      .selectFrom('user_companies')
      .select('company_id')
      .where('user_id', '=', source.id)
      .execute();
    for (const { company_id } of companies) {
      await db.insertInto('user_companies').values({ user_id: row.id, company_id }).execute();
    }
  }
}

/** A valid entity NIF (formerly CIF): `letter`, the seven digits of `n`, and the control character the rule asks. */
export function entityTaxId(letter: string, n: number): string {
  const digits = String(n).padStart(7, '0');
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    sum += index % 2 === 0 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit;
  }
  const control = (10 - (sum % 10)) % 10;
  return `${letter}${digits}${'ABEH'.includes(letter) ? control : 'JABCDEFGHI'[control]}`;
}
