import { beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { readMimeTextParts } from '../../test/mime-parts.ts';
import { LUCIA, pdfDataUrl, typeIdOf } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient } from '../../test/test-app.ts';
import { dispatchShippings } from '../delivery/dispatch.service.ts';
import { messagesOf, sendAll, setUpDispatchTestApp, smtp, t, user } from '../delivery/dispatch.test-setup.ts';

setUpDispatchTestApp();

const FRAME = '<p>{{company}}: {{receiverName}},</p><p>{{message}}</p><p>{{accessLink}}</p>';
const LANGUAGES = ['es-es', 'en-en', 'pt-pt'] as const;
/** Sello's own words name the link's expiry to the minute: the dispatch comes a moment after the preview. */
const sameMinute = (text: string) => text.replace(/\d{1,2}:\d{2}/g, 'hh:mm');

let admin: TestClient;
let notaria: number;
let frameId: number;

beforeAll(async () => {
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
  const created = await admin.post('templates/new', { companyId: notaria, name: 'Preview frame', content: FRAME });
  expect(created.statusCode, created.body).toBe(200);
  frameId = created.json().id;
});

async function requestFor(language: string, body: Record<string, unknown>) {
  return {
    companyId: notaria,
    typeId: await typeIdOf(t.database.db, 'Notarial notification'),
    channel: 'email',
    subject: `Aviso ${language}`,
    message: 'Lea la escritura.\nVence pronto.',
    receivers: [{ ...LUCIA, language }],
    documents: [],
    ...body,
  };
}

/** Previews the request, sends it, and answers the preview with the mail the SMTP server received. */
async function previewAndSend(request: Record<string, unknown>) {
  const preview = await user.post('shippings/previewMessage', request);
  expect(preview.statusCode, preview.body).toBe(200);
  const sent = await user.post('shippings/sendrequest', {
    ...request,
    documents: [{ name: 'escritura.pdf', content: pdfDataUrl('preview') }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const id = String(sent.json().requestId);
  expect(await dispatchShippings(t.ctx, [id])).toEqual([id]);
  const before = smtp.received.length;
  await sendAll(Number(id));
  expect(smtp.received).toHaveLength(before + 1);
  const parts = readMimeTextParts(smtp.received[before]!.raw);
  const [message] = await messagesOf(Number(id));
  const link = /https?:\/\/[^\s"<>]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}/.exec(message!.body)![0];
  const answer = preview.json();
  const real = (text: string) => text.split(answer.sampleLink).join(link);
  return {
    preview: answer.messages[0],
    real,
    html: parts.find((part) => part.type === 'text/html')?.text,
    text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
    subject: message!.subject,
  };
}

describe('the new-shipping preview', () => {
  for (const language of LANGUAGES) {
    it(`is the mail a ${language} receiver gets, both parts, in a template`, async () => {
      const { preview, real, html, text, subject } = await previewAndSend(
        await requestFor(language, { templateId: frameId }),
      );
      expect(preview.language).toBe(language);
      expect(html?.trim()).toBe(real(preview.body));
      expect(text.trim()).toBe(real(preview.text).trim());
      expect(subject).toBe(preview.subject);
      expect(html).toMatch(/<a href="https?:\/\/[^"]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}">/);
      expect(`${html}${text}`).not.toContain('{{');
      expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
    });

    it(`is the mail a ${language} receiver gets in Sello's own words, all in that language`, async () => {
      const { preview, real, html, text } = await previewAndSend(await requestFor(language, {}));
      expect(html).toBeUndefined();
      expect(sameMinute(text.trim())).toBe(sameMinute(real(preview.body).trim()));
      const greeting = { 'es-es': 'Hola, ', 'en-en': 'Dear ', 'pt-pt': 'Olá, ' }[language];
      expect(text.startsWith(`${greeting}${LUCIA.name}`)).toBe(true);
    });
  }

  it('shows a template without the message as the template alone, as it is sent', async () => {
    const created = await admin.post('templates/new', {
      companyId: notaria,
      name: 'Preview frame without the message',
      content: '<p>{{company}} le ha enviado una notificación.</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { preview, real, html } = await previewAndSend(
      await requestFor('es-es', { templateId: created.json().id, message: 'Texto solo para la página.' }),
    );
    expect(preview.body).not.toContain('Texto solo para la página.');
    expect(html?.trim()).toBe(real(preview.body));
  });

  it('refuses what sendrequest refuses, with the same field keys, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('shippings')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    const response = await user.post('shippings/previewMessage', {
      ...(await requestFor('es-es', { templateId: frameId })),
      message: 'Otra vez: {{message}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { message: 'ERR_PLACEHOLDER_UNFILLED' } });
    const after = await t.database.db
      .selectFrom('shippings')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(after).toEqual(before);
  });
});

/** `shippings/previewMessage` × every seeded role × a company of each domain: who may send for it may preview. */
const EXPECTED: Record<string, { own: number; other: number }> = {
  'super.admin': { own: 200, other: 200 },
  'domain.admin': { own: 200, other: 400 },
  'company.admin': { own: 200, other: 400 },
  'company.manager': { own: 200, other: 400 },
  'company.user': { own: 200, other: 400 },
  'sandbox.user': { own: 200, other: 400 },
  'acme.admin': { own: 400, other: 200 },
};

describe('authorisation matrix of the preview', () => {
  it('answers each role as sendrequest would, its company refused elsewhere', async () => {
    const own = await requestFor('es-es', {});
    const acme = await companyIdOf(t.database.db, 'B87654323');
    const acmeType = await typeIdOf(t.database.db, 'Carrier contract notification');
    const other = { ...own, companyId: acme, typeId: acmeType, reference: 'CC-1' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest/services/shippings/previewMessage',
      payload: own,
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    for (const [login, expected] of Object.entries(EXPECTED)) {
      const client = await signedInClient(t.app, login);
      const answers = {
        own: (await client.post('shippings/previewMessage', own)).statusCode,
        other: (await client.post('shippings/previewMessage', other)).statusCode,
      };
      expect({ login, ...answers }).toEqual({ login, ...expected });
    }
  });
});
