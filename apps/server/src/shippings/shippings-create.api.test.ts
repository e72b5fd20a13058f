import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, dataUrl, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let user: TestClient;
let notaria: number;
let types: Record<string, number>;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  notaria = await companyIdOf(t.database.db, 'B1234567A');
  types = {};
  for (const name of ['Notarial notification', 'Certified e-mail', 'Deed acceptance', 'Certified SMS']) {
    types[name] = await typeIdOf(t.database.db, name);
  }
});
afterAll(() => t.close());

const receiver = {
  name: 'Lucía Fernández',
  email: 'lucia@example.es',
  documentType: 'DNI',
  documentNumber: '12345678Z',
};

describe('shippings/sendrequest (smoke)', () => {
  it('creates a notification by e-mail', async () => {
    const response = await user.post('shippings/sendrequest', {
      companyId: notaria,
      typeId: types['Notarial notification'],
      channel: 'email',
      subject: 'Notice',
      receivers: [receiver],
      documents: [{ name: 'notice.pdf', content: pdfDataUrl('Notice') }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await user.get(`shippings/shippingdetail?requestId=${response.json().requestId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ state: 'pending_to_send' });
  });

  it('refuses a non-PDF disguised as a PDF', async () => {
    const response = await user.post('shippings/sendrequest', {
      companyId: notaria,
      typeId: types['Notarial notification'],
      channel: 'email',
      subject: 'Notice',
      receivers: [receiver],
      documents: [{ name: 'notice.pdf', content: dataUrl('application/pdf', Buffer.from('PK\u0003\u0004zip')) }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'documents.0.content': 'ERR_FILE_TYPE' });
  });
});
