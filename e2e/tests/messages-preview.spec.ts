import { type Browser, expect, type Page, test } from '@playwright/test';
import splitSms from 'split-sms';
import { readMimeTextParts } from '../../apps/server/test/mime-parts.ts';
import { E2E } from '../e2e-env.ts';
import { acceptCookies, apiSignIn, type Language, signIn, withDatabase } from './helpers.ts';
import { EMAIL, openForm, pick, pickShown } from './shipping-form.ts';

/**
 * What a receiver gets is what the sender previewed. For each receiver language and each electronic channel the
 * new-shipping form's preview is read from the screen, the shipping sent, and the message the receiver got read
 * back where it arrived: the test SMTP server's MIME parts, the SMS/WhatsApp provider contract's outbox, the
 * receiver's own page for the on-screen channel. Two things the preview cannot know are lined up, each where the
 * preview shows it and nowhere else: the receiver's link (the preview's stand-in has the real one's length) and
 * the deadline's minute (counted from the preview, then again from the dispatch a moment later).
 */
const LANGUAGE_NAMES: Record<Language, string> = { 'es-es': 'Español', 'en-en': 'English', 'pt-pt': 'Português' };
const LOCALES: Record<Language, string> = { 'es-es': 'es-ES', 'en-en': 'en-GB', 'pt-pt': 'pt-PT' };
const TEXTS: Record<Language, string> = {
  'es-es': 'Lea la póliza renovada y responda.',
  'en-en': 'Please read the renewed policy and answer.',
  'pt-pt': 'Leia a apólice renovada e responda.',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const LINK = /https?:\/\/[^\s"'<>()]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}/g;
const DAY_MS = 86_400_000;
const WAIT = { timeout: 20_000 };
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
        content:
          '<p>{{receiverName}},</p><p>{{message}}</p><p>{{deadline}}</p><p><a href="{{accessLink}}">{{subject}}</a></p>',
      },
      {
        name: names.sms,
        contentType: 'SMS',
        content: '{{receiverName}}, {{company}}: {{message}} {{deadline}} {{accessLink}}',
      },
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

type TPreview = {
  shippingId: number;
  subject: string | null;
  /** The HTML body as previewed (the frame's document body), and its text as the frame shows it. */
  html: string | null;
  visible: string | null;
  text: string;
  /** When the form was begun, the preview asked for and answered: deadlines shown are counted in between. */
  startedAt: number;
  askedAt: number;
  answeredAt: number;
  sms: { segments: number; encoding: string | null; text: string } | null;
};

/** Fills the form for one receiver, previews it, reads the preview from the screen and sends the shipping. */
async function previewAndSend(
  page: Page,
  setup: {
    type: string;
    channel: string | RegExp;
    template: string;
    language: Language;
    contact?: [string, string];
    /** The form counts the SMS (the SMS channel only). */
    smsCount?: boolean;
  },
): Promise<TPreview> {
  const startedAt = Date.now();
  await signIn(page, 'company.admin');
  // The console lands on its home page after signing in: the form is opened once it has.
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
  await acceptCookies(page);
  await openForm(page, setup.type, setup.channel);
  await pick(page, 'create-template', setup.template, setup.template.slice(0, 12));
  await expect(page.getByTestId('create-message-use')).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('create-subject').fill(`Renewal ${run}`);
  await page.getByTestId('create-message').fill(`${TEXTS[setup.language]} ${run}`);
  await page.getByTestId('receiver-name-0').fill('Lucía Fernández');
  if (setup.contact) await page.getByTestId(setup.contact[0]).fill(setup.contact[1]);
  if (setup.type === 'Notarial notification') {
    await page
      .locator('.shipping-create .ant-upload input[type=file]')
      .setInputFiles({ name: `notice-${run}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  }
  await pickShown(page, 'receiver-language-0', LANGUAGE_NAMES[setup.language]);

  let sms: TPreview['sms'] = null;
  if (setup.smsCount) {
    // The count settles once the server has answered for the form as it stands (the receiver's language too).
    await expect(page.getByTestId('create-sms-text')).toContainText(`${TEXTS[setup.language]} ${run}`);
    await expect(page.getByTestId('create-sms-count')).toHaveAttribute('aria-busy', 'false');
    const count = page.getByTestId('create-sms-count-text');
    sms = {
      segments: Number(await count.getAttribute('data-segments')),
      encoding: await count.getAttribute('data-encoding'),
      text: (await page.getByTestId('create-sms-text').textContent()) ?? '',
    };
    await expect(count).toContainText(`${sms.segments} SMS`);
  }

  const askedAt = Date.now();
  await page.getByTestId('create-preview-button').click();
  const block = page.getByTestId('create-preview-message');
  await expect(block).toHaveCount(1);
  const answeredAt = Date.now();
  await expect(block).toHaveAttribute('data-language', setup.language);
  await expect(page.getByTestId('create-preview-stale')).toHaveCount(0);
  const frame = block.getByTestId('create-preview-html');
  const subject = block.getByTestId('create-preview-subject');
  const html = (await frame.count()) ? await frame.getAttribute('data-body') : null;
  const preview = {
    subject: (await subject.count()) ? await subject.innerText() : null,
    html,
    visible: html === null ? null : await frame.contentFrame().locator('body').innerText(),
    text: (await block.getByTestId('create-preview-text').textContent()) ?? '',
  };
  const samples = [...new Set(preview.text.match(LINK) ?? [])];
  expect(samples, 'the preview carries its stand-in link at its place').toHaveLength(1);
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/, { timeout: 30_000 });
  const shippingId = Number(/detail\/(\d+)$/.exec(page.url())![1]);
  return { ...preview, shippingId, startedAt, askedAt, answeredAt, sms };
}

/** The deadline as the receiver's language writes it (the test's own implementation: Intl's). */
function deadlineText(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(date);
}

async function storedDeadline(shippingId: number): Promise<Date> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ at: Date }>(
      'SELECT response_deadline_at AS at FROM shippings WHERE id = $1',
      [shippingId],
    );
    return rows[0]!.at;
  });
}

/**
 * What the receiver was sent, and how a text shown before sending lines up with it. The receiver's link: one
 * link in all that was delivered; a shown text holds one link of the same length (the preview's stand-in, the
 * SMS count's fresh token), and it becomes the delivered one. The deadline: the delivered one is the stored
 * deadline as the receiver's language writes it; a shown one was counted from a moment of `[from, to]` (a minute
 * may have turned before the dispatch), and only that text becomes the delivered deadline.
 */
async function deliveredFacts(preview: TPreview, language: Language, delivered: string[]) {
  const links = [...new Set(delivered.flatMap((part) => part.match(LINK) ?? []))];
  expect(links, 'one receiver link in what was delivered').toHaveLength(1);
  const link = links[0]!;
  const stored = await storedDeadline(preview.shippingId);
  const days = Math.round((stored.getTime() - preview.askedAt) / DAY_MS);
  expect(stored.getTime(), 'the deadline is counted from the dispatch, after the preview').toBeGreaterThanOrEqual(
    preview.answeredAt + days * DAY_MS - 1000,
  );
  const deadline = deadlineText(stored, language);
  const align = (shown: string | null, from: number, to: number): string | null => {
    if (shown === null) return null;
    // A text may show the link's words only (a rendered HTML body); where it shows a link, it is one.
    const shownLinks = [...new Set(shown.match(LINK) ?? [])];
    expect(shownLinks.length, 'the text shown carries at most one stand-in link').toBeLessThanOrEqual(1);
    for (const stand of shownLinks) expect(stand.length, 'the stand-in has the real link length').toBe(link.length);
    const minutes: number[] = [];
    for (let at = from; at < to + 60_000; at += 60_000) minutes.push(Math.min(at, to));
    const counted = [...new Set(minutes.map((at) => deadlineText(new Date(at + days * DAY_MS), language)))];
    const previewed = counted.find((text) => shown.includes(text));
    expect(previewed, `the deadline shown in ${language}: ${counted.join(' or ')}`).toBeDefined();
    const linked = shownLinks.length ? shown.split(shownLinks[0]!).join(link) : shown;
    return linked.split(previewed!).join(deadline);
  };
  const fromPreview = (shown: string | null) => align(shown, preview.askedAt, preview.answeredAt);
  return {
    link,
    deadline,
    expected: {
      subject: preview.subject,
      html: fromPreview(preview.html),
      visible: fromPreview(preview.visible),
      text: fromPreview(preview.text)!,
      smsText: preview.sms && align(preview.sms.text, preview.startedAt, preview.askedAt),
    },
  };
}

/** The visible text and the links of an HTML body, as Chromium renders it in a page of its own. */
async function renderHtml(browser: Browser, body: string) {
  const page = await browser.newPage();
  try {
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`);
    return {
      visible: await page.locator('body').innerText(),
      links: await page
        .locator('a')
        .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute('href'), words: a.textContent }))),
    };
  } finally {
    await page.close();
  }
}

function sentFromOutbox(shippingId: number, channel: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ body: string }>(
      "SELECT body FROM outbox WHERE shipping_id = $1 AND purpose = 'access' AND channel = $2 ORDER BY id",
      [shippingId, channel],
    );
    return rows[0]?.body ?? '';
  });
}

const noBraces = (...texts: (string | null)[]) => expect(texts.join('\n')).not.toContain('{{');

const ONLY = process.env.E2E_MESSAGES_LANGUAGE;
for (const language of (['es-es', 'en-en', 'pt-pt'] as const).filter((each) => !ONLY || each === ONLY)) {
  test.describe(`a ${language} receiver`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('gets by e-mail the preview: subject, HTML with a real link, text part', async ({ page, browser }) => {
      const address = `preview.${language}.${run}@example.com`;
      const preview = await previewAndSend(page, {
        type: 'Policy renewal notice',
        channel: EMAIL,
        template: names.html,
        language,
        contact: ['receiver-email-0', address],
      });
      let mail = { subject: '', raw: '' };
      await expect
        .poll(
          async () => {
            const response = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/messages`);
            const mails = (await response.json()) as { to: string[]; subject: string; raw: string }[];
            mail = mails.find((each) => each.to.includes(address)) ?? mail;
            return mail.raw;
          },
          { ...WAIT, message: `the e-mail to ${address}` },
        )
        .not.toBe('');
      const parts = readMimeTextParts(mail.raw);
      const html = parts.find((part) => part.type === 'text/html')?.text ?? '';
      const text = parts.find((part) => part.type === 'text/plain')?.text ?? '';
      const sent = await deliveredFacts(preview, language, [html, text]);

      expect(mail.subject).toBe(sent.expected.subject);
      expect(html.trim()).toBe(sent.expected.html!.trim());
      const rendered = await renderHtml(browser, html);
      expect(rendered.visible).toBe(sent.expected.visible);
      expect(rendered.links).toEqual([{ href: sent.link, words: `Renewal ${run}` }]);
      expect(text.trim()).toBe(sent.expected.text.trim());
      expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text).toContain(`Renewal ${run} (${sent.link})`);
      // The receiver's words: the sender's text, and the deadline as the receiver's language writes it.
      expect(rendered.visible).toContain(`${TEXTS[language]} ${run}`);
      expect(rendered.visible).toContain(sent.deadline);
      expect(text).toContain(sent.deadline);
      expect(mail.subject).toBe(`Notaría Central S.L.: Renewal ${run}`);
      noBraces(mail.subject, html, text);
    });

    for (const channel of ['SMS', 'WhatsApp'] as const) {
      test(`gets by ${channel} the preview, through the provider contract's outbox`, async ({ page }) => {
        const mobile = `+34 6${String(Date.now()).slice(-8)}`;
        const preview = await previewAndSend(page, {
          type: 'Policy renewal notice',
          channel: new RegExp(`^${channel}$`),
          template: names.sms,
          language,
          contact: ['receiver-mobile-0', mobile],
          smsCount: channel === 'SMS',
        });
        let body = '';
        await expect
          .poll(
            async () => {
              body = await sentFromOutbox(preview.shippingId, channel.toLowerCase());
              return body;
            },
            { ...WAIT, message: `the ${channel} access message in the outbox` },
          )
          .not.toBe('');
        const sent = await deliveredFacts(preview, language, [body]);

        expect(preview.html).toBeNull();
        expect(preview.subject).toBeNull();
        expect(body).toBe(sent.expected.text);
        expect(body).toContain(`Lucía Fernández, Notaría Central S.L.: ${TEXTS[language]} ${run}`);
        expect(body).toContain(sent.deadline);
        noBraces(body);
        if (channel === 'SMS') {
          // The count the form showed is the count of the SMS sent, by an independent splitter.
          const reference = splitSms.split(body);
          expect(body).toBe(sent.expected.smsText);
          expect(preview.sms!.segments).toBe(reference.parts.length);
          expect(preview.sms!.encoding).toBe(reference.characterSet === 'GSM' ? 'GSM7' : 'UCS2');
        }
      });
    }

    test("gets on screen the preview: the receiver's page reads as the previewed message", async ({
      page,
      browser,
    }) => {
      const preview = await previewAndSend(page, {
        type: 'Notarial notification',
        channel: /^(En pantalla|On screen|No ecrã)$/,
        template: names.html,
        language,
      });
      let recorded = '';
      await expect
        .poll(
          async () => {
            recorded = await withDatabase(async (client) => {
              const { rows } = await client.query<{ body: string }>(
                `SELECT m.body FROM delivery_messages m JOIN shipping_receivers r ON r.id = m.receiver_id
                WHERE r.shipping_id = $1 AND m.purpose = 'access' AND m.channel = 'onscreen'`,
                [preview.shippingId],
              );
              return rows[0]?.body ?? '';
            });
            return recorded;
          },
          { ...WAIT, message: 'the on-screen access message' },
        )
        .not.toBe('');
      const sent = await deliveredFacts(preview, language, [recorded]);
      expect(recorded).toBe(sent.expected.html);

      // The receiver, at the desk, on their own page: no console session.
      const context = await browser.newContext();
      try {
        const receiverPage = await context.newPage();
        await receiverPage.goto(sent.link);
        await expect(receiverPage.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.slice(0, 2)}`));
        await expect(receiverPage.getByRole('heading', { level: 1 })).toHaveText(preview.subject!);
        const shown = receiverPage.locator('.portal-body');
        await expect(shown).toContainText(`${TEXTS[language]} ${run}`);
        // The page is where the link leads: the page shows the link's words, not the link itself.
        const pageText = sent.expected.text.split(` (${sent.link})`).join('');
        expect(pageText).not.toContain(sent.link);
        expect(await shown.innerText()).toBe(pageText);
        expect(pageText).toContain(sent.deadline);
        noBraces(await receiverPage.locator('body').innerText());
      } finally {
        await context.close();
      }
    });
  });
}
