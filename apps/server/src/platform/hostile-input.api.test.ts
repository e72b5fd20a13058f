import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

/** Input PostgreSQL or the HTTP layer cannot take answers 4xx with a key, never a 500 or an echo. */

let t: TTestApp;
let superAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  superAdmin = await signedInClient(t.app, 'super.admin');
});
afterAll(() => t.close());

const filters = (value: Record<string, unknown>) => encodeURIComponent(JSON.stringify(value));
const sendFeedbackAs = (client: TestClient, name: string) =>
  client.post('configuration/sendFeedback', { name, email: 'ana@example.com', subject: 'Hello', msg: 'Text' });

describe('NUL characters', () => {
  it('are refused with a key in public bodies, sign-in, queries and paths', async () => {
    const anonymous = new TestClient(t.app);
    const feedback = await sendFeedbackAs(anonymous, 'Ana\u0000');
    expect(feedback.statusCode).toBe(400);
    expect(feedback.json()).toEqual({ key: 'ERR_VALIDATION', fields: { name: 'ERR_FIELD_INVALID' } });
    const reject = await anonymous.post('portal/reject', { reason: 'no\u0000' });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().key).toBe('ERR_VALIDATION');
    const login = await anonymous.post('security/login', { login: 'super.admin\u0000', password: 'x' });
    expect(login.statusCode).toBe(400);
    const list = await superAdmin.get(`administration/users/read?filters=${filters({ name: 'a\u0000' })}`);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ key: 'ERR_VALIDATION', fields: { filters: 'ERR_FIELD_INVALID' } });
    const nested = await superAdmin.put('administration/groups/update', { id: 1, name: 'ok', extra: { 'k\u0000': 1 } });
    expect(nested.statusCode).toBe(400);
  });
});

describe('lone surrogates (text with no UTF-8 form)', () => {
  it('are refused with a key, and nothing is stored', async () => {
    const user = await signedInClient(t.app, 'company.user');
    // JSON.stringify writes the lone surrogate as the escape "\ud800", which jsonb refuses.
    const draft = await user.put('drafts/saveDraft', {
      form: '/shippings/create',
      values: { subject: 'Aviso \ud800' },
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json()).toEqual({ key: 'ERR_VALIDATION', fields: { 'values.subject': 'ERR_FIELD_INVALID' } });
    expect((await user.get('drafts/readDrafts')).json()).toEqual([]);
    // In a text column it would have been stored as U+FFFD, silently changing what was sent.
    const feedback = await sendFeedbackAs(new TestClient(t.app), 'Ana \udc00');
    expect(feedback.statusCode).toBe(400);
    expect(feedback.json()).toEqual({ key: 'ERR_VALIDATION', fields: { name: 'ERR_FIELD_INVALID' } });
    // A well-formed pair is text like any other.
    const emoji = await user.put('drafts/saveDraft', {
      form: '/shippings/create',
      values: { subject: 'Aviso \ud83d\udce8' },
    });
    expect(emoji.statusCode).toBe(200);
    expect((await user.get('drafts/readDrafts')).json()[0].values).toEqual({ subject: 'Aviso 📨' });
  });
});

describe('list filters', () => {
  it('refuse dates PostgreSQL cannot store and never fail on a word against a number column', async () => {
    for (const range of [
      [1e308, null],
      [null, '+275760-09-13T00:00:00.000Z'],
      ['0000-01-01', null],
    ]) {
      const response = await superAdmin.get(`administration/users/read?filters=${filters({ createdAt: range })}`);
      expect(response.statusCode, JSON.stringify(range)).toBe(400);
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { 'filters.createdAt': 'ERR_FIELD_INVALID' } });
    }
    for (const value of ['abc', '99999999999999999999', 1.5, 2 ** 53 + 2]) {
      const response = await superAdmin.get(
        `administration/domains/read?filters=${filters({ twoFactorCoolDownHours: value })}`,
      );
      expect(response.statusCode, String(value)).toBe(200);
      expect(response.json().rows).toEqual([]);
    }
    const matching = await superAdmin.get(
      `administration/domains/read?filters=${filters({ twoFactorCoolDownHours: '0' })}`,
    );
    expect(matching.statusCode).toBe(200);
  });

  it('are checked before an export starts its stream', async () => {
    const response = await superAdmin.get(
      `administration/users/export?filters=${filters({ createdAt: [1e308, null] })}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('ERR_VALIDATION');
  });
});

describe('the HTTP layer', () => {
  it('answers 414 with a key and without the URL for an over-long path parameter', async () => {
    const long = 'z'.repeat(500);
    const response = await new TestClient(t.app).delete(`shippings/delete/${long}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ key: 'ERR_REQUEST_TOO_LONG' });
    expect(response.body).not.toContain(long);
  });

  it('answers 431 with a key for headers that are too large', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = request(
        { host: '127.0.0.1', port, path: '/healthz', headers: { 'x-big': 'b'.repeat(40_000) } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      call.on('error', reject);
      call.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ key: 'ERR_REQUEST_TOO_LONG' });
  });
});
