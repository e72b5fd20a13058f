import { beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { readMimeTextParts } from '../../test/mime-parts.ts';
import { LUCIA, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient } from '../../test/test-app.ts';
import { dispatchShippings } from './dispatch.service.ts';
import { dispatched, messagesOf, sendAll, setUpDispatchTestApp, smtp, t, user } from './dispatch.test-setup.ts';

setUpDispatchTestApp();

let admin: TestClient;
let notaria: number;
let frame: { id: number; content: string };

const FRAME =
  '<p>Dear {{receiverName}},</p><p>{{message}}</p><p>Answer before {{deadline}}: {{accessLink}}</p>' +
  '<p><a href="{{accessLink}}">Open the notice</a></p><p>{{company}}</p>';

beforeAll(async () => {
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  const created = await admin.post('templates/new', {
    companyId: notaria,
    name: 'Frame with the message',
    subject: '{{company}}: {{subject}}',
    content: FRAME,
  });
  expect(created.statusCode, created.body).toBe(200);
  frame = created.json();
});

/** The e-mail the SMTP server received for the shipping's access message, its text parts decoded. */
async function receivedMail(id: number) {
  const before = smtp.received.length;
  await sendAll(id);
  const mails = smtp.received.slice(before);
  expect(mails).toHaveLength(1);
  const parts = readMimeTextParts(mails[0]!.raw);
  const html = parts.find((part) => part.type === 'text/html')?.text ?? '';
  const text = parts.find((part) => part.type === 'text/plain')?.text ?? '';
  return { html, text, link: /href="([^"]+\/portal\/#\/r\/[A-Za-z0-9_-]{43})"/.exec(html)?.[1] };
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('an HTML template that places the message', () => {
  it('fills every variable once in both parts, with real links and a text part without tags', async () => {
    const id = await dispatched('Notarial notification', {
      templateId: frame.id,
      message: 'Please read the deed.\nIt is due soon.',
    });
    const { html, text, link } = await receivedMail(id);
    expect(html).not.toContain('{{');
    expect(text).not.toContain('{{');
    expect(count(html, 'Please read the deed.')).toBe(1);
    expect(count(text, 'Please read the deed.')).toBe(1);
    expect(html).toContain('Please read the deed.<br />It is due soon.');
    expect(text).toContain('Please read the deed.\nIt is due soon.');
    expect(html).toContain(`Dear ${LUCIA.name},`);
    // The link written as text is a real link too, and the text part names it where the HTML has it.
    expect(link).toBeDefined();
    expect(html).toContain(`<a href="${link}">${link}</a>`);
    expect(html).toContain(`<a href="${link}">Open the notice</a>`);
    expect(text).toContain(`Open the notice (${link})`);
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(count(text, link!)).toBe(2);
    expect(text).toContain('Notaría Central S.L.');
  });

  it("sends the template once when a client sends the template's own text as the message", async () => {
    const id = await dispatched('Notarial notification', { templateId: frame.id, message: frame.content });
    const { html, text } = await receivedMail(id);
    expect(html).not.toContain('{{');
    expect(text).not.toContain('{{');
    expect(count(text, 'Dear ')).toBe(1);
  });

  it('fills the variables the sender writes in the message itself', async () => {
    const id = await dispatched('Notarial notification', {
      templateId: frame.id,
      message: 'For {{receiverName}} only.',
    });
    const { html, text } = await receivedMail(id);
    expect(text).toContain(`For ${LUCIA.name} only.`);
    expect(html).not.toContain('{{');
  });

  it('refuses a message that holds {{message}}, naming it, before anything is written', async () => {
    const response = await user.post('shippings/sendrequest', {
      companyId: notaria,
      typeId: await typeIdOf(t.database.db, 'Notarial notification'),
      channel: 'email',
      templateId: frame.id,
      subject: 'Loop',
      message: 'Again: {{message}}',
      receivers: [LUCIA],
      documents: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'ERR_VALIDATION',
      fields: { message: 'ERR_PLACEHOLDER_UNFILLED' },
    });
  });
});

describe('an import with a template', () => {
  it('sends each row its template filled once, nothing left in braces', async () => {
    const data = {
      typeId: await typeIdOf(t.database.db, 'Policy renewal notice'),
      templateId: frame.id,
      channel: 'email',
      rows: [{ Nombre: LUCIA.name, Correo: 'import.row@example.es', message: 'Row text from the file.' }],
    };
    const response = await admin.post('shipping/import/importWithTemplate', {
      companyId: notaria,
      data: JSON.stringify(data),
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail, JSON.stringify(detail.lines)).toMatchObject({ valid: 1, errors: 0 });
    expect((await admin.post('shipping/import/saveWithTemplate', { importId: detail.importId })).statusCode).toBe(200);
    const shipping = await t.database.db
      .selectFrom('shippings')
      .select(['id', 'state'])
      .where('import_id', '=', String(detail.importId))
      .executeTakeFirstOrThrow();
    expect(await dispatchShippings(t.ctx, [shipping.id])).toEqual([shipping.id]);
    const { html, text } = await receivedMail(Number(shipping.id));
    expect(html).not.toContain('{{');
    expect(text).not.toContain('{{');
    expect(count(text, 'Dear ')).toBe(1);
  });
});

describe('an SMS template with the receiver variables', () => {
  it('is accepted by the new-shipping call and sent filled for the receiver, its link at its place', async () => {
    const created = await admin.post('templates/new', {
      companyId: notaria,
      contentType: 'SMS',
      name: 'SMS with the receiver',
      content: 'Hola {{receiverName}}, {{company}} le ha enviado "{{subject}}": {{accessLink}}',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = await dispatched('Policy renewal notice', {
      channel: 'sms',
      templateId: created.json().id,
      receivers: [LUCIA],
      documents: [],
    });
    const [message] = await messagesOf(id);
    expect(message!.body).toMatch(
      /^Hola Lucía Fernández, Notaría Central S\.L\. le ha enviado "Policy renewal notice test": \S+\/portal\/#\/r\/[A-Za-z0-9_-]{43}$/,
    );
  });
});
