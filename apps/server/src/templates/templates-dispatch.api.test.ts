import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, domainIdOf } from '../../test/admin-fixtures.ts';
import { createShippingTestApp, LUCIA, selectMessagesOf, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { dispatchShippings } from '../delivery/dispatch.service.ts';
import { formatExpiry } from '../delivery/dispatch-texts.ts';

let t: TTestApp;
let admin: TestClient;
let sender: TestClient;
let notaria: number;

beforeAll(async () => {
  t = await createShippingTestApp();
  admin = await signedInClient(t.app, 'domain.admin');
  sender = await signedInClient(t.app, 'company.user');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function dispatchedWith(body: Record<string, unknown>, typeName = 'Notarial notification') {
  const id = await sendShipping(sender, t.database.db, typeName, body);
  expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
  const [message] = await selectMessagesOf(t.database.db, id);
  const shipping = await t.database.db
    .selectFrom('shippings')
    .select(['response_deadline_at as deadline'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return { message: message!, deadline: shipping.deadline! };
}

describe('a template in a real shipping', () => {
  it('is sent exactly as its preview shows it (HTML with an image and variables)', async () => {
    const { url } = (
      await admin.put('templates/uploadImage', {
        name: 'logo.png',
        content: `data:image/png;base64,${PNG.toString('base64')}`,
      })
    ).json();
    const template = (
      await admin.post('templates/new', {
        companyId: notaria,
        name: 'Outbox check',
        subject: '{{company}}: {{subject}} ({{reference}})',
        content: `<p><img src="${url}" alt="logo" /></p><p>Dear {{receiverName}}, read it before {{deadline}}:</p><p><a href="{{accessLink}}">Open</a></p><p>{{provider}}</p>`,
      })
    ).json();
    const { message, deadline } = await dispatchedWith({ templateId: template.id, reference: 'EXP-77', message: 'Hi' });
    expect(message.transport).toBe('outbox');
    expect(message.body_html).toBe(true);
    const link = /href="([^"]+\/portal\/#\/r\/[A-Za-z0-9_-]{43})"/.exec(message.body)![1]!;
    const preview = await admin.post('templates/preview', {
      subject: template.subject,
      content: template.content,
      values: {
        receiverName: LUCIA.name,
        company: 'Notaría Central S.L.',
        subject: 'Notarial notification test',
        reference: 'EXP-77',
        accessLink: link,
        deadline: formatExpiry(deadline, 'es-es'),
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().body).toBe(message.body);
    expect(preview.json().subject).toBe(message.subject);
    expect(message.body).toContain(`<img src="http://localhost:8080${url}" alt="logo" />`);
    expect(message.subject).toBe('Notaría Central S.L.: Notarial notification test (EXP-77)');
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(outbox.body).toBe(preview.json().body);
  });

  it("writes a certified e-mail with the domain's chosen certified template", async () => {
    const cover = (
      await admin.post('templates/new', {
        companyId: null,
        kind: 'EMAIL_CERT',
        name: 'Chosen certified cover',
        subject: 'Certified: {{subject}}',
        content: '<p>{{company}} certifies:</p><p>{{message}}</p>',
      })
    ).json();
    const domainId = await domainIdOf(t.database.db, 'DEMO');
    const chosen = await admin.put(`administration/domains/updateAdvComTemplate/${domainId}`, {
      advancedComTemplates: [cover.id],
      kind: 'EMAIL_CERT',
    });
    expect(chosen.statusCode).toBe(200);
    const { message } = await dispatchedWith({ message: 'The invoice of March.' }, 'Certified e-mail');
    expect(message.subject).toBe('Certified: Certified e-mail test');
    expect(message.body).toBe('<p>Notaría Central S.L. certifies:</p><p>The invoice of March.</p>');
  });

  it("writes a certified SMS with the domain's chosen certified SMS template", async () => {
    const text = (
      await admin.post('templates/new', {
        companyId: null,
        kind: 'SMS_CERT',
        contentType: 'SMS',
        name: 'Chosen certified SMS',
        content: 'Certificado por {{company}}: {{message}}',
      })
    ).json();
    expect(text.id).toBeDefined();
    const domainId = await domainIdOf(t.database.db, 'DEMO');
    const chosen = await admin.put(`administration/domains/updateAdvComTemplate/${domainId}`, {
      advancedComTemplates: [text.id],
      kind: 'SMS_CERT',
    });
    expect(chosen.statusCode).toBe(200);
    const { message } = await dispatchedWith(
      { channel: 'sms', message: 'Factura de marzo', receivers: [{ ...LUCIA }], documents: [] },
      'Certified SMS',
    );
    expect(message.body).toBe('Certificado por Notaría Central S.L.: Factura de marzo');
  });
});
