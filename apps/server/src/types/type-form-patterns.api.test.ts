import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createTestApp, signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let admin: TestClient;
let notaria: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

/** A form with one text control `code` whose constraint is `regex(., pattern)`. */
const formWithPattern = (pattern: string) =>
  `<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>` +
  `<instance><data><code/></data></instance>` +
  `<bind nodeset="/data/code" type="string" constraint="regex(., '${pattern}')"/></model></h:head>` +
  `<h:body><input ref="/data/code"><label>Code</label></input></h:body></h:html>`;

describe('form constraint patterns', () => {
  it('refuses at import a pattern the linear-time engine cannot compile', async () => {
    for (const pattern of ['(a)\\1', 'a(?=b)', 'a{1001}']) {
      const response = await admin.post('shippings/types/importXforms', { params: { data: formWithPattern(pattern) } });
      expect(response.json(), pattern).toMatchObject({
        valid: false,
        errors: [{ element: 'code', key: 'ERR_XFORM_UNSUPPORTED_PATTERN' }],
      });
    }
  });

  it('answers a catastrophic pattern with a 2,000-character value in sendrequest well under a second', async () => {
    const type = (
      await admin.post('shippings/types/new', {
        companyId: notaria,
        name: 'Nested quantifier form',
        service: 'communication',
        channels: ['email'],
      })
    ).json();
    const attached = await admin.post('shippings/types/xformshippingtype', {
      params: { data: formWithPattern('(a+)+b'), typeId: type.id },
    });
    expect(attached.json()).toMatchObject({ valid: true, errors: [] });
    const send = (code: string) =>
      admin.post('shippings/sendrequest', {
        companyId: notaria,
        typeId: type.id,
        channel: 'email',
        subject: 'Form',
        message: 'Form',
        receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es' }],
        formValues: { code },
      });

    const started = performance.now();
    const refused = await send('a'.repeat(2000));
    const elapsed = performance.now() - started;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'formValues.code': 'ERR_FORM_VALUE_CONSTRAINT' });
    // A backtracking engine needs 2^2000 steps for this value (31 characters took 81 s).
    expect(elapsed).toBeLessThan(1000);

    const accepted = await send(`${'a'.repeat(40)}b`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
