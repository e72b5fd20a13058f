import { isApiKeyCall } from '@sello/contracts/api-key-scopes';
import { CATALOGUE } from '@sello/contracts/catalogue';
import { fillPath } from '@sello/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { ALL_SCOPES, ApiKeyClient, createApiKey } from '../../test/api-key-fixtures.ts';
import { createShippingTestApp, LUCIA, pdfDataUrl, sendShipping, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TTestApp } from '../../test/test-app.ts';

/**
 * The API key rows of the authorisation matrix: every call of the catalogue with a key of the caller's own company, of
 * another company of the same tenant, of another tenant, and a revoked one; then each call a key may make, against the
 * shippings of each of those companies.
 */
type TKeyKind = 'own' | 'otherCompany' | 'otherTenant' | 'revoked';

let t: TTestApp;
const keys = new Map<TKeyKind, ApiKeyClient>();
/** One shipping per company: Notaría (the own key's), Atlántico (same tenant), Acme (other tenant). */
const shippings = { own: 0, otherCompany: 0, otherTenant: 0 };

beforeAll(async () => {
  t = await createShippingTestApp();
  const db = t.database.db;
  const notaria = await companyIdOf(db, 'B12345674');
  const atlantico = await companyIdOf(db, 'A76543214');
  const acme = await companyIdOf(db, 'B87654323');
  const companyAdmin = await signedInClient(t.app, 'company.admin');
  const domainAdmin = await signedInClient(t.app, 'domain.admin');
  const acmeAdmin = await signedInClient(t.app, 'acme.admin');
  const client = (secret: string) => new ApiKeyClient(t.app, secret);
  keys.set('own', client((await createApiKey(companyAdmin, notaria)).secret));
  keys.set('otherCompany', client((await createApiKey(domainAdmin, atlantico)).secret));
  keys.set('otherTenant', client((await createApiKey(acmeAdmin, acme)).secret));
  const revoked = await createApiKey(companyAdmin, notaria);
  expect((await companyAdmin.post('integration/apiKeys/revoke', { id: revoked.id })).statusCode).toBe(200);
  keys.set('revoked', client(revoked.secret));
  shippings.own = await sendShipping(domainAdmin, db, 'Certified e-mail', { companyId: notaria });
  shippings.otherCompany = await sendShipping(domainAdmin, db, 'Certified e-mail', { companyId: atlantico });
  shippings.otherTenant = await sendShipping(acmeAdmin, db, 'Warehouse custody', { companyId: acme });
});
afterAll(() => t.close());

const KINDS: readonly TKeyKind[] = ['own', 'otherCompany', 'otherTenant', 'revoked'];

describe('API keys × every call', () => {
  it.each(CATALOGUE.map((endpoint) => [endpoint.id, endpoint] as const))('%s', async (_id, endpoint) => {
    const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, '1']));
    const path = fillPath(endpoint.path, params);
    const allowed = isApiKeyCall(ALL_SCOPES, endpoint.id);
    for (const kind of KINDS) {
      const response = await keys.get(kind)!.call(endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
      const label = `${kind} key → ${endpoint.method} ${endpoint.path}: ${response.body.slice(0, 200)}`;
      if (kind === 'revoked') {
        expect([response.statusCode, response.json()], label).toEqual([401, { key: 'ERR_API_KEY_INVALID' }]);
      } else if (!allowed) {
        expect([response.statusCode, response.json()], label).toEqual([403, { key: 'ERR_API_KEY_CALL' }]);
      } else if (kind === 'otherTenant' && endpoint.id.startsWith('imports.')) {
        // acme.admin, its creator, may not import: a key never does more than its creator.
        expect([response.statusCode, response.json()], label).toEqual([403, { key: 'ERR_FORBIDDEN' }]);
      } else {
        // Let through to the call's own checks (the empty input answers 400 or 404): never refused as a caller.
        expect([401, 403], label).not.toContain(response.statusCode);
        expect(response.headers['auth-token'], label).toBeUndefined();
      }
    }
  });
});

describe('API keys × the shippings of each company', () => {
  const targets = ['own', 'otherCompany', 'otherTenant'] as const;
  /** The calls that name one shipping, as a key makes them. */
  const reads = [
    (id: number) => ['GET', `shippings/shippingdetail?requestId=${id}`] as const,
    (id: number) => ['GET', `shippings/verify?requestId=${id}`] as const,
  ];

  it.each(targets)('a key reaches the shipping of its own company only (target: %s)', async (target) => {
    for (const kind of ['own', 'otherCompany', 'otherTenant'] as const) {
      for (const read of reads) {
        const [method, path] = read(shippings[target]);
        const response = await keys.get(kind)!.call(method, path);
        const label = `${kind} key → ${path}: ${response.body.slice(0, 200)}`;
        if (kind === target) expect(response.statusCode, label).toBe(200);
        else expect([response.statusCode, response.json()], label).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
      }
    }
  });

  /** Every other call a `read` key makes about one shipping, with what the own company's key gets. */
  const documentCalls = [
    { call: (id: number) => ['GET', `shippings/signatures/${id}`, undefined] as const, own: [200, 409] },
    {
      call: (id: number) =>
        ['GET', `shippings/shippingreadoriginalfile?requestId=${id}&fileRequest=1`, undefined] as const,
      own: [200],
    },
    {
      call: (id: number) => ['POST', 'shippings/shippingdownloadfile', { requestId: id, fileRequest: 1 }] as const,
      own: [200],
    },
    // Not closed yet: no certificate, 409 ERR_NO_EVIDENCE.
    { call: (id: number) => ['POST', `shippings/shippingDownloadPtRequest?requestId=${id}`, {}] as const, own: [409] },
    {
      call: (id: number) =>
        ['PUT', 'shippings/shippingdownloadfiles', { listOfRequests: [id], downloadOptions: ['original'] }] as const,
      own: [200],
    },
    {
      call: (id: number) =>
        ['PUT', 'shippings/numberDownloadFiles', { listOfRequests: [id], downloadOptions: ['original'] }] as const,
      own: [200],
    },
    { call: (id: number) => ['PUT', 'shippings/downloadAvailability', { listOfRequests: [id] }] as const, own: [200] },
  ];

  it.each(targets)('a key downloads the documents of its own company’s shipping only (target: %s)', async (target) => {
    for (const kind of targets) {
      for (const { call, own } of documentCalls) {
        const [method, path, body] = call(shippings[target]);
        const response = await keys.get(kind)!.call(method, path, body);
        const label = `${kind} key → ${method} ${path}: ${response.body.slice(0, 200)}`;
        if (kind === target) expect(own, label).toContain(response.statusCode);
        else expect([response.statusCode, response.json()], label).toEqual([404, { key: 'ERR_NOT_FOUND' }]);
      }
    }
  });

  it('sends only for its own company: another company of the tenant or another tenant is refused, nothing created', async () => {
    const db = t.database.db;
    const typeId = await typeIdOf(db, 'Certified e-mail');
    for (const taxId of ['A76543214', 'B87654323']) {
      const companyId = await companyIdOf(db, taxId);
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('shippings')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('company_id', '=', String(companyId))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const response = await keys.get('own')!.post('shippings/sendrequest', {
        companyId,
        typeId,
        channel: 'email',
        subject: 'Not my company',
        receivers: [LUCIA],
        documents: [{ name: 'document.pdf', content: pdfDataUrl('Not my company') }],
      });
      // As for a user: a company outside the caller's is a wrong field of the form, never a shipping.
      expect([response.statusCode, response.json()], taxId).toEqual([
        400,
        { key: 'ERR_VALIDATION', fields: { companyId: 'ERR_FIELD_INVALID' } },
      ]);
      expect(await count(), taxId).toBe(before);
    }
  });

  it('lists only its own company’s shippings', async () => {
    for (const kind of targets) {
      const response = await keys.get(kind)!.get('shippings/shippingslist?scope=all&pageSize=1000');
      expect(response.statusCode, response.body).toBe(200);
      const ids = (response.json().rows as { requestId: number }[]).map((row) => row.requestId);
      expect(ids, kind).toContain(shippings[kind]);
      for (const other of targets.filter((target) => target !== kind))
        expect(ids, kind).not.toContain(shippings[other]);
    }
  });
});
