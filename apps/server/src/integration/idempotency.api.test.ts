import { HEADERS } from '@sello/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { spanishCsv, uploadImport } from '../../test/import-fixtures.ts';
import { createShippingTestApp, LUCIA, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let key: ApiKeyClient;
let session: TestClient;
let body: Record<string, unknown>;

const countShippings = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('shippings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createShippingTestApp();
  session = await signedInClient(t.app, 'company.admin');
  const companyId = await companyIdOf(t.database.db, 'B12345674');
  key = new ApiKeyClient(t.app, (await createApiKey(session, companyId, ['send', 'imports'])).secret);
  body = {
    companyId,
    typeId: await typeIdOf(t.database.db, 'Certified e-mail'),
    channel: 'email',
    subject: 'Idempotent',
    receivers: [LUCIA],
    documents: [{ name: 'document.pdf', content: pdfDataUrl('Idempotent') }],
  };
});
afterAll(() => t.close());

const send = (client: TestClient, idempotencyKey: string, payload = body) =>
  client.call('POST', 'shippings/sendrequest', payload, { [HEADERS.idempotencyKey]: idempotencyKey });

describe('Idempotency-Key on sendrequest', () => {
  it('answers the first answer to the same key and body, creating nothing more', async () => {
    const before = await countShippings();
    const first = await send(key, 'order-1001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(key, 'order-1001');
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(again.headers[HEADERS.idempotentReplayed.toLowerCase()]).toBe('true');
    expect(await countShippings()).toBe(before + 1);
  });

  it('answers 409 with its key to the same key and another body, creating nothing', async () => {
    expect((await send(key, 'order-1002')).statusCode).toBe(200);
    const before = await countShippings();
    const other = await send(key, 'order-1002', { ...body, subject: 'Another subject' });
    expect([other.statusCode, other.json()]).toEqual([409, { key: 'ERR_IDEMPOTENCY_KEY_REUSED' }]);
    expect(await countShippings()).toBe(before);
  });

  it('the console’s own create: sent again under its key after the answer was lost, it makes one shipping', async () => {
    const before = await countShippings();
    const first = await send(session, 'console-retry-1');
    expect(first.statusCode, first.body).toBe(200);
    // The browser never saw that answer; the same form goes again under the same key.
    const retried = await send(session, 'console-retry-1');
    expect([retried.statusCode, retried.json()]).toEqual([200, first.json()]);
    expect(await countShippings()).toBe(before + 1);
  });

  it('keeps keys apart per caller: the console user’s key does not collide with the API key’s', async () => {
    const first = await send(key, 'shared-key');
    const mine = await send(session, 'shared-key');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().requestId).not.toBe(first.json().requestId);
  });

  it('frees the key of a refused call, so the corrected call goes through', async () => {
    const refused = await send(key, 'order-1003', { ...body, receivers: [] });
    expect(refused.statusCode).toBe(400);
    expect((await send(key, 'order-1003')).statusCode).toBe(200);
  });

  it('refuses a malformed key', async () => {
    const response = await send(key, 'x'.repeat(201));
    expect([response.statusCode, response.json()]).toEqual([400, { key: 'ERR_IDEMPOTENCY_KEY_INVALID' }]);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await send(key, 'order-1004');
    await t.database.db
      .updateTable('idempotent_requests')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('idempotency_key', '=', 'order-1004')
      .execute();
    const later = await send(key, 'order-1004');
    expect(later.statusCode).toBe(200);
    expect(later.json().requestId).not.toBe(first.json().requestId);
  });
});

describe('Idempotency-Key on the import calls', () => {
  const importsCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('imports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = async (idempotencyKey: string, email: string) => {
    const fields = {
      companyId: String(body.companyId),
      typeId: String(await typeIdOf(t.database.db, 'Notarial notification')),
      channel: 'email',
    };
    const csv = spanishCsv([
      ['Referencia', 'Asunto', 'Nombre', 'Correo electrónico', 'Móvil'],
      ['REF-1', 'Aviso', 'Persona 1', email, ''],
    ]);
    const pdf = {
      name: 'notice.pdf',
      bytes: Buffer.from(pdfDataUrl('x').split(',')[1]!, 'base64'),
      type: 'application/pdf',
    };
    const originalCall = key.call.bind(key);
    return uploadImport(
      {
        call: (method, path, payload, headers = {}) =>
          originalCall(method, path, payload, { ...headers, [HEADERS.idempotencyKey]: idempotencyKey }),
      } as TestClient,
      fields,
      { data: { name: 'rows.csv', bytes: csv }, documents: pdf },
    );
  };

  it('answers the first upload to the same key and file, and 409 to another file', async () => {
    const before = await importsCount();
    const first = await upload('batch-7', 'uno@example.es');
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload('batch-7', 'uno@example.es');
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(await importsCount()).toBe(before + 1);
    const other = await upload('batch-7', 'dos@example.es');
    expect([other.statusCode, other.json()]).toEqual([409, { key: 'ERR_IDEMPOTENCY_KEY_REUSED' }]);
    expect(await importsCount()).toBe(before + 1);
  });
});
