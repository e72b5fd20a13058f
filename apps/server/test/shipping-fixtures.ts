import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import yauzl from 'yauzl';
import type { Database } from '../src/db/schema.ts';
import { pdfDataUrl } from '../src/demo/demo-pdf.ts';
import { selectChain } from '../src/evidence/evidence.queries.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from './test-app.ts';

export { pdfDataUrl };

/** A test app whose blob store lives in a temporary directory, removed on close. */
export async function createShippingTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-shippings-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  return {
    ...t,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function typeIdOf(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('shipping_types').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}

export function dataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** Every entry of a ZIP archive: name → bytes. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export const LUCIA = {
  name: 'Lucía Fernández',
  email: 'lucia@example.es',
  mobile: '612 345 678',
  documentType: 'DNI',
  documentNumber: '12345678Z',
};
export const TIAGO = { name: 'Tiago Almeida', email: 'tiago@example.pt', mobile: '+351 912 345 678' };

/** Creates a shipping of the named type through the API and answers its id. */
/** What the default templates of some demo types name (`{{policy}}`, `{{reference}}`): a shipping must fill it. */
const TEMPLATE_VALUES: Record<string, Record<string, unknown>> = {
  'Policy renewal notice': { customFields: { policy: 'POL-1', date: '1 May 2027' } },
  'Delivery note acceptance': { reference: 'DN-1' },
  'Carrier contract notification': { reference: 'CC-1' },
  'Warehouse custody': { reference: 'WH-1' },
};

export async function sendShipping(
  client: TestClient,
  db: Kysely<Database>,
  typeName: string,
  body: Record<string, unknown> = {},
): Promise<number> {
  const company = await db
    .selectFrom('shipping_types as t')
    .leftJoin('companies as c', 'c.id', 't.company_id')
    .select('c.id')
    .where('t.name', '=', typeName)
    .executeTakeFirstOrThrow();
  const companyId =
    company.id ??
    (await db.selectFrom('companies').select('id').where('tax_id', '=', 'B12345674').executeTakeFirstOrThrow()).id;
  const response = await client.post('shippings/sendrequest', {
    companyId: Number(companyId),
    typeId: await typeIdOf(db, typeName),
    channel: 'email',
    subject: `${typeName} test`,
    receivers: typeName === 'Joint deed acceptance' ? [LUCIA, TIAGO] : [LUCIA],
    documents: [{ name: 'document.pdf', content: pdfDataUrl(typeName) }],
    ...TEMPLATE_VALUES[typeName],
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`sendrequest ${typeName}: ${response.statusCode} ${response.body}`);
  return response.json().requestId as number;
}

/** Demo users who authorise: the manager (named on the demo types), then an administrator (Legal group). */
const AUTHORISERS = ['company.manager', 'company.admin'] as const;
const authorisers = new WeakMap<TTestApp, Map<string, Promise<TestClient>>>();

function authoriserClient(t: TTestApp, login: string): Promise<TestClient> {
  let clients = authorisers.get(t);
  if (!clients) {
    clients = new Map();
    authorisers.set(t, clients);
  }
  let client = clients.get(login);
  if (!client) {
    client = signedInClient(t.app, login);
    clients.set(login, client);
  }
  return client;
}

/**
 * When a shipping waits for authorisation, demo authorisers authorise it through the API, as from the
 * console (the manager first; a type that also names a group gets its member's decision too), until
 * it waits in `pending_to_send`.
 */
export async function authoriseIfWaiting(t: TTestApp, shippingId: number): Promise<void> {
  const stateOf = async () =>
    (
      await t.database.db
        .selectFrom('shippings')
        .select('state')
        .where('id', '=', String(shippingId))
        .executeTakeFirstOrThrow()
    ).state;
  const waiting = (state: string) => state === 'pending_auth' || state === 'auths_pending_user';
  let state = await stateOf();
  for (const login of AUTHORISERS) {
    if (!waiting(state)) break;
    const client = await authoriserClient(t, login);
    const answer = await client.put('shippings/shippingauthorize', { authorizeShippingList: [shippingId] });
    if (answer.statusCode !== 200) throw new Error(`authorise ${shippingId}: ${answer.statusCode} ${answer.body}`);
    state = await stateOf();
  }
  if (waiting(state)) throw new Error(`shipping ${shippingId} is still ${state} after its authorisers`);
}

/** The stored event rows of a shipping in the form the chain hashes. */
export function readChain(db: Kysely<Database>, shippingId: number) {
  return selectChain(db, String(shippingId));
}

/** Every message recorded for a shipping, oldest first. */
export function selectMessagesOf(db: Kysely<Database>, shippingId: number) {
  return db
    .selectFrom('delivery_messages')
    .selectAll()
    .where('shipping_id', '=', String(shippingId))
    .orderBy('id')
    .execute();
}
