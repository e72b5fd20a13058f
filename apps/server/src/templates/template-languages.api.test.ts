import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../test/admin-fixtures.ts';
import { readMimeTextParts } from '../../test/mime-parts.ts';
import { LUCIA } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient } from '../../test/test-app.ts';
import {
  dispatched,
  messagesOf,
  provider,
  sendAll,
  setUpDispatchTestApp,
  smtp,
  t,
  user,
} from '../delivery/dispatch.test-setup.ts';

setUpDispatchTestApp();

let admin: TestClient;
let notaria: number;

beforeAll(async () => {
  admin = await signedInClient(t.app, 'domain.admin');
  notaria = await companyIdOf(t.database.db, 'B12345674');
});

/** The words of each language's version of the demo's notarial notice and short SMS notice (the types' defaults). */
const NOTICE: Record<Language, { template: string; words: string; subject: string }> = {
  'es-es': {
    template: 'Aviso notarial',
    words: 'le ha enviado una notificación notarial',
    subject: 'Notificación notarial',
  },
  'en-en': {
    template: 'Notarial notice',
    words: 'has sent you a notarial notification',
    subject: 'Notarial notification',
  },
  'pt-pt': {
    template: 'Notificação notarial',
    words: 'enviou-lhe uma notificação notarial',
    subject: 'Notificação notarial',
  },
};
const SHORT: Record<Language, string> = {
  'es-es': 'tiene un aviso certificado. Abra el enlace para leerlo.',
  'en-en': 'you have a certified notice. Open the link to read it.',
  'pt-pt': 'tem um aviso certificado. Abra o link para o ler.',
};
const others = (language: Language) => LANGUAGES.filter((other) => other !== language);
const TAG = /<\/?[a-z][^>]*>/i;

async function templateIdOf(name: string) {
  const row = await t.database.db
    .selectFrom('templates')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The e-mail the real SMTP server received for the shipping, its HTML and text parts decoded. */
async function receivedMail(id: number) {
  const before = smtp.received.length;
  await sendAll(id);
  const mails = smtp.received.slice(before);
  expect(mails).toHaveLength(1);
  const parts = readMimeTextParts(mails[0]!.raw);
  return {
    html: parts.find((part) => part.type === 'text/html')?.text ?? '',
    text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
  };
}

describe.each(LANGUAGES)('a type with a default template per language, a receiver in %s', (language) => {
  it("delivers the default in the receiver's language: its text part without tags, no other language's words", async () => {
    const id = await dispatched('Notarial notification', {
      subject: NOTICE[language].subject,
      receivers: [{ ...LUCIA, email: `notice-${language}@example.es`, language }],
    });
    const detail = (await user.get(`shippings/shippingdetail?requestId=${id}`)).json();
    expect(detail.templateId).toBe(await templateIdOf(NOTICE[language].template));
    const { html, text } = await receivedMail(id);
    expect(html).toContain(`<p>Notaría Central S.L. ${NOTICE[language].words}.</p>`);
    expect(text).toContain(`Notaría Central S.L. ${NOTICE[language].words}.`);
    expect(text).not.toMatch(TAG);
    expect(text).not.toContain('</');
    expect(text).not.toContain('{{');
    for (const other of others(language)) {
      expect(html).not.toContain(NOTICE[other].words);
      expect(text).not.toContain(NOTICE[other].words);
    }
  });

  it.each(['sms', 'whatsapp'] as const)(
    "sends the %s default in the receiver's language, as plain text",
    async (channel) => {
      const id = await dispatched('Policy renewal notice', {
        channel,
        receivers: [{ ...LUCIA, language }],
        documents: [],
      });
      const [message] = await messagesOf(id);
      const before = provider.requests.length;
      await sendAll(id);
      const sent = String(provider.requests[before]!.body.text);
      expect(sent).toBe(message!.body);
      expect(sent).toContain(`Notaría Central S.L.: ${SHORT[language]}`);
      expect(sent).not.toMatch(TAG);
      for (const other of others(language)) expect(sent).not.toContain(SHORT[other]);
    },
  );
});

describe("a type without a default in the receiver's language", () => {
  it("sends Sello's own words in that language, never another language's template", async () => {
    const created = await admin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Notice without Portuguese',
      service: 'notification',
      channels: ['email'],
      defaultTemplates: {
        HTML: { 'es-es': await templateIdOf('Aviso notarial'), 'en-en': await templateIdOf('Notarial notice') },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().defaultTemplates).toEqual({
      HTML: { 'es-es': await templateIdOf('Aviso notarial'), 'en-en': await templateIdOf('Notarial notice') },
      SMS: {},
    });
    const id = await dispatched('Notice without Portuguese', {
      subject: 'Escritura',
      receivers: [{ ...LUCIA, email: 'sem-modelo@example.pt', language: 'pt-pt' }],
    });
    expect((await user.get(`shippings/shippingdetail?requestId=${id}`)).json().templateBody).toBeNull();
    const { html, text } = await receivedMail(id);
    expect(text).toContain('Notaría Central S.L. enviou-lhe «Escritura»');
    for (const words of [NOTICE['es-es'].words, NOTICE['en-en'].words]) {
      expect(html).not.toContain(words);
      expect(text).not.toContain(words);
    }
    expect(text).not.toMatch(TAG);
  });

  it('refuses a default written in another language, or of another content type, naming the slot', async () => {
    const refused = await admin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Notice with a wrong default',
      service: 'notification',
      channels: ['email', 'sms'],
      defaultTemplates: { HTML: { 'pt-pt': await templateIdOf('Notarial notice') } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'defaultTemplates.HTML.pt-pt': 'ERR_FIELD_INVALID' });
    const sms = await admin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Notice with a wrong default',
      service: 'notification',
      channels: ['email', 'sms'],
      defaultTemplates: { SMS: { 'es-es': await templateIdOf('Aviso notarial') } },
    });
    expect(sms.json().fields).toEqual({ 'defaultTemplates.SMS.es-es': 'ERR_FIELD_INVALID' });
  });
});

describe("a default template's language", () => {
  it('is its author language unless given, and a template moved to another language stops being its default', async () => {
    const created = await admin.post('templates/new', {
      companyId: notaria,
      name: 'Reminder written in English',
      language: 'en-en',
      content: '<p>{{company}} reminds you of the notice.</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().language).toBe('en-en');
    const unsaid = await admin.post('templates/new', {
      companyId: notaria,
      name: 'No language said',
      content: '<p>x</p>',
    });
    expect(unsaid.json().language).toBe('es-es');
    const type = await admin.post('shippings/types/new', {
      companyId: notaria,
      name: 'Reminder type',
      service: 'notification',
      channels: ['email'],
      defaultTemplates: { HTML: { 'en-en': created.json().id } },
    });
    expect(type.statusCode, type.body).toBe(200);
    const moved = await admin.put('templates/update', {
      ...(created.json() as object),
      subject: 'Reminder',
      language: 'pt-pt',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const detail = (await admin.get(`shippings/types/detail?typeSelected=${type.json().id}`)).json();
    expect(detail.defaultTemplates).toEqual({ HTML: {}, SMS: {} });
  });
});
