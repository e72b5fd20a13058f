import { expect, type Page, test } from '@playwright/test';
import { readMimeTextParts } from '../../apps/server/test/mime-parts.ts';
import { E2E } from '../e2e-env.ts';
import { acceptCookies, apiSignIn, type Language, signIn, withDatabase } from './helpers.ts';
import { EMAIL, openForm, pick } from './shipping-form.ts';

/**
 * What a receiver gets is what the sender previewed: for each channel and each receiver language, the form's
 * preview is read from the screen and compared with the message the receiver was sent (the test SMTP server's
 * MIME parts, the outbox of the SMS and WhatsApp provider contract, the on-screen channel's recorded message);
 * only the link differs, the receiver's own instead of the preview's stand-in.
 */
const LANGUAGE_NAMES: Record<Language, string> = { 'es-es': 'Español', 'en-en': 'English', 'pt-pt': 'Português' };
const TEXTS: Record<Language, string> = {
  'es-es': 'Lea la póliza renovada y responda.',
  'en-en': 'Please read the renewed policy and answer.',
  'pt-pt': 'Leia a apólice renovada e responda.',
};
/** SMS texts keep to the GSM-7 alphabet (ó, ã would make them UCS-2, which the company may refuse). */
const SMS_TEXTS: Record<Language, string> = {
  'es-es': 'Lea la poliza renovada y responda.',
  'en-en': 'Please read the renewed policy and answer.',
  'pt-pt': 'Leia a apolice renovada e responda.',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const LINK = /https?:\/\/[^\s"'<>]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}/;
const run = Date.now().toString(36);
const names = { html: `Preview frame ${run}`, sms: `Preview SMS ${run}` };

test.beforeAll(async () => {
  const companyId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return Number(rows[0]!.id);
  });
  const { api, token } = await apiSignIn('company.admin');
  try {
    for (const template of [
      {
        name: names.html,
        subject: '{{company}}: {{subject}}',
        content: '<p>{{receiverName}},</p><p>{{message}}</p><p><a href="{{accessLink}}">{{subject}}</a></p>',
      },
      { name: names.sms, contentType: 'SMS', content: '{{company}}: {{message}} {{accessLink}}' },
    ]) {
      const response = await api.post('/rest/services/templates/new', {
        headers: { 'auth-token': token },
        data: { companyId, ...template },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
});

type TPreview = { subject: string | null; html: string | null; text: string; sampleLink: string };

/** Fills the form for one receiver, previews it, reads the preview from the screen and sends the shipping. */
async function previewAndSend(
  page: Page,
  setup: {
    type: string;
    channel: string | RegExp;
    template: string;
    language: Language;
    text: string;
    contact?: [string, string];
    document?: boolean;
  },
): Promise<TPreview> {
  await signIn(page, 'company.admin');
  // The console lands on its home page after signing in: the form is opened once it has.
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
  await acceptCookies(page);
  await openForm(page, setup.type, setup.channel);
  await pick(page, 'create-template', setup.template, setup.template.slice(0, 12));
  await expect(page.getByTestId('create-message-use')).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('create-subject').fill(`Renewal ${run}`);
  await page.getByTestId('create-message').fill(`${setup.text} ${run}`);
  await page.getByTestId('receiver-name-0').fill('Lucía Fernández');
  if (setup.contact) await page.getByTestId(setup.contact[0]).fill(setup.contact[1]);
  if (setup.document) {
    await page
      .locator('.shipping-create .ant-upload input[type=file]')
      .setInputFiles({ name: `notice-${run}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  }
  await pick(page, 'receiver-language-0', LANGUAGE_NAMES[setup.language]);
  await page.getByTestId('create-preview-button').click();
  const block = page.getByTestId('create-preview-message');
  await expect(block).toHaveCount(1);
  await expect(block).toHaveAttribute('data-language', setup.language);
  const htmlFrame = block.getByTestId('create-preview-html');
  const preview = {
    subject: (await block.getByTestId('create-preview-subject').count())
      ? await block.getByTestId('create-preview-subject').innerText()
      : null,
    html: (await htmlFrame.count()) ? await htmlFrame.getAttribute('data-body') : null,
    text: await block.getByTestId('create-preview-text').textContent(),
    sampleLink: '',
  };
  const sample = LINK.exec(preview.text ?? '')?.[0];
  expect(sample, 'the preview carries the link at its place').toBeDefined();
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/, { timeout: 30_000 });
  return { ...preview, text: preview.text ?? '', sampleLink: sample! };
}

const swapLink = (text: string, sample: string, link: string) => text.split(sample).join(link);

const ONLY = process.env.E2E_MESSAGES_LANGUAGE;
for (const language of (['es-es', 'en-en', 'pt-pt'] as const).filter((each) => !ONLY || each === ONLY)) {
  test.describe(`a ${language} receiver`, () => {
    test('gets by e-mail the preview: subject, HTML with a real link, text part, no braces', async ({ page }) => {
      test.setTimeout(120_000);
      const address = `preview.${language}.${run}@example.com`;
      const preview = await previewAndSend(page, {
        type: 'Policy renewal notice',
        channel: EMAIL,
        template: names.html,
        language,
        text: TEXTS[language],
        contact: ['receiver-email-0', address],
      });
      let raw = '';
      await expect
        .poll(
          async () => {
            const mails = (await (await fetch(`http://127.0.0.1:${E2E.mailApiPort}/messages`)).json()) as {
              to: string[];
              raw: string;
            }[];
            raw = mails.find((mail) => mail.to.includes(address))?.raw ?? '';
            return raw;
          },
          { timeout: 60_000, message: `the e-mail to ${address}` },
        )
        .not.toBe('');
      const parts = readMimeTextParts(raw);
      const html = parts.find((part) => part.type === 'text/html')?.text.trim() ?? '';
      const text = parts.find((part) => part.type === 'text/plain')?.text.trim() ?? '';
      const link = LINK.exec(html)![0];
      expect(html).toBe(swapLink(preview.html ?? '', preview.sampleLink, link));
      expect(text).toBe(swapLink(preview.text, preview.sampleLink, link).trim());
      expect(html).toContain(`<a href="${link}">Renewal ${run}</a>`);
      expect(html).toContain(TEXTS[language]);
      expect(`${html}${text}`).not.toContain('{{');
      expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(preview.subject).toBe(`Notaría Central S.L.: Renewal ${run}`);
    });

    for (const channel of ['SMS', 'WhatsApp'] as const) {
      test(`gets by ${channel} the preview, through the provider contract's outbox`, async ({ page }) => {
        test.setTimeout(120_000);
        const mobile = `+34 6${String(Date.now()).slice(-8)}`;
        const preview = await previewAndSend(page, {
          type: 'Policy renewal notice',
          channel: new RegExp(`^${channel}$`),
          template: names.sms,
          language,
          text: SMS_TEXTS[language],
          contact: ['receiver-mobile-0', mobile],
        });
        let body = '';
        await expect
          .poll(
            async () => {
              body = await withDatabase(async (client) => {
                const { rows } = await client.query<{ body: string }>(
                  "SELECT body FROM outbox WHERE purpose = 'access' AND channel = $1 AND body LIKE $2",
                  [channel.toLowerCase(), `%${SMS_TEXTS[language]} ${run}%`],
                );
                return rows[0]?.body ?? '';
              });
              return body;
            },
            { timeout: 60_000, message: `the ${channel} access message in the outbox` },
          )
          .not.toBe('');
        const link = LINK.exec(body)![0];
        expect(body).toBe(swapLink(preview.text, preview.sampleLink, link));
        expect(preview.html).toBeNull();
      });
    }

    test('gets on screen the preview, recorded as the message of the on-screen channel', async ({ page }) => {
      test.setTimeout(120_000);
      const preview = await previewAndSend(page, {
        type: 'Notarial notification',
        channel: /^(En pantalla|On screen|No ecrã)$/,
        template: names.html,
        language,
        text: TEXTS[language],
        document: true,
      });
      let body = '';
      await expect
        .poll(
          async () => {
            body = await withDatabase(async (client) => {
              const { rows } = await client.query<{ body: string }>(
                "SELECT body FROM delivery_messages WHERE purpose = 'access' AND channel = 'onscreen' AND body LIKE $1",
                [`%${TEXTS[language]} ${run}%`],
              );
              return rows[0]?.body ?? '';
            });
            return body;
          },
          { timeout: 60_000, message: 'the on-screen access message' },
        )
        .not.toBe('');
      const link = LINK.exec(body)![0];
      expect(body).toBe(swapLink(preview.html ?? '', preview.sampleLink, link));
      expect(body).toContain(`<a href="${link}">`);
    });
  });
}
