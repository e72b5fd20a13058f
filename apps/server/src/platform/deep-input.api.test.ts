import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_JSON, nestedJson } from '../../test/nested-json.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

/** Input nested past the guard's limit, and multipart bodies the parser cannot read: 400 with a key, never a 500. */

let t: TTestApp;
let user: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInClient(t.app, 'company.user');
});
afterAll(() => t.close());

const asJson = { 'content-type': 'application/json' };
const saveDraft = (values: string) =>
  user.call('PUT', 'drafts/saveDraft', `{"form":"/shippings/create","values":${values}}`, asJson);

describe('input nested deeper than the guard reads', () => {
  it('is refused in a draft with a key, whatever it hides, and nothing is stored', async () => {
    for (const values of DEEP_JSON) {
      const response = await saveDraft(values);
      expect(response.statusCode, values.slice(-20)).toBe(400);
      expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { values: 'ERR_INPUT_TOO_DEEP' } });
    }
    expect((await user.get('drafts/readDrafts')).json()).toEqual([]);
    // Nesting a form needs is kept, and text it cannot store is still named by its path.
    expect((await saveDraft(nestedJson(20, '"x"'))).statusCode).toBe(200);
    expect((await saveDraft(nestedJson(3, '"x\\u0000"'))).json()).toEqual({
      key: 'ERR_VALIDATION',
      fields: { 'values.a.0.a': 'ERR_FIELD_INVALID' },
    });
  });

  it("is refused in DownloadFile's jsonData, signed in or not", async () => {
    for (const client of [new TestClient(t.app), user]) {
      for (const url of ['shippings/shippingsreport', 'templates/export']) {
        const response = await client.post('DownloadFile', {
          url,
          jsonData: nestedJson(5000, '1'),
          authToken: client.token ?? 'not-a-token',
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ key: 'ERR_VALIDATION', fields: { jsonData: 'ERR_INPUT_TOO_DEEP' } });
      }
    }
  });
});

describe('multipart bodies the parser cannot read', () => {
  it('answer 400 ERR_VALIDATION', async () => {
    const importer = await signedInClient(t.app, 'company.admin');
    const part = '\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n1';
    const long = 'b'.repeat(300);
    for (const [contentType, body] of [
      ['multipart/form-data', `--x${part}\r\n--x--\r\n`],
      ['multipart/form-data; boundary=', `--${part}\r\n----\r\n`],
      ['multipart/form-data; boundary=zz', `--zz${part}`],
      [`multipart/form-data; boundary=${long}`, `--${long}${part}\r\n--${long}--\r\n`],
    ] as const) {
      const response = await importer.call('POST', 'shipping/import/import', body, { 'content-type': contentType });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json().key, contentType).toBe('ERR_VALIDATION');
    }
  });
});
