import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { mailsTo, waitForRecipientLink } from './delivery-helpers.ts';
import { acceptCookies, apiSignIn, expectStaysAbsent, signIn, withDatabase } from './helpers.ts';

// Issue 16's stored-XSS corpus: templates whose every field carries script payloads, stored through the
// real API, then looked at wherever a template's words reach a browser. Every payload calls the same
// markers (an alert, `window.__xss`, a console line); any of them seen anywhere fails the test.

const stamp = Date.now().toString(36);
const MARK = 'XSS-FIRED';
const JS = `window.__xss=1;alert(1);console.log('${MARK}')`;
const B64_PAGE = Buffer.from(`<script>${JS}</script>`).toString('base64');

/** Short payloads, each fits a name or a subject (200 characters). */
const SHORT = [
  `<script>${JS}</script>`,
  `<img src=x onerror="${JS}">`,
  `<svg onload="${JS}">`,
  `"><img src=x onerror=${JS}>`,
  `<a href="javascript:${JS}">js</a>`,
  `<iframe src="data:text/html;base64,${B64_PAGE}">`,
  `<details open ontoggle="${JS}">`,
  `<img src="x onerror="${JS}"`,
];

/** The whole corpus, for the bodies. The broken markup comes last, where it can swallow nothing after it. */
const CORPUS = [
  '<p>Visible {{receiverName}} {{reference}}</p>',
  `<script>${JS}</script>`,
  `<SCRIPT SRC="data:text/javascript,${encodeURIComponent(JS)}"></SCRIPT>`,
  `<img src=x onerror="${JS}">`,
  `<img src="/rest/services/templates/image/${'a'.repeat(32)}" onerror="${JS}">`,
  `<svg onload="${JS}"></svg>`,
  `<svg><script>${JS}</script></svg>`,
  `<svg><animate onbegin="${JS}" attributeName="x" dur="1s"></animate></svg>`,
  `<a href="javascript:${JS}">js link</a>`,
  `<a href="JaVaScRiPt&colon;${JS}">entity link</a>`,
  `<a href=" &#106;avascript:${JS}">encoded link</a>`,
  `<a href="data:text/html;base64,${B64_PAGE}">data link</a>`,
  `<iframe src="javascript:${JS}"></iframe>`,
  `<iframe src="data:text/html;base64,${B64_PAGE}"></iframe>`,
  `<iframe srcdoc="<script>${JS}</script>"></iframe>`,
  `<object data="data:text/html;base64,${B64_PAGE}"></object>`,
  `<embed src="data:text/html;base64,${B64_PAGE}">`,
  `<style>p{width:expression(${JS})} body{background:url("javascript:${JS}")}</style>`,
  `<p style="background:url('javascript:${JS}');width:expression(${JS})">styled</p>`,
  `<link rel="stylesheet" href="data:text/css,body{background:url(javascript:${JS})}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${JS}">`,
  `<body onload="${JS}"><p>body</p></body>`,
  `<details open ontoggle="${JS}"><summary>s</summary></details>`,
  `<input autofocus onfocus="${JS}">`,
  `<form action="javascript:${JS}"><button>go</button></form>`,
  `<p onmouseover="${JS}" onclick="${JS}">handlers</p>`,
  `<noscript><p title="</noscript><img src=x onerror=${JS}>"></noscript>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${JS}>`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${JS} src>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${JS}>">`,
  `<table><td><a href="javascript:${JS}">cell</a></td></table>`,
  `<div><!--<img src=x onerror=${JS}>--></div>`,
  `<![CDATA[<img src=x onerror=${JS}>]]>`,
  `<img src="x onerror="${JS}"`,
  `<img src=x onerror=${JS}//`,
].join('\n');

/** An SMS text is plain text, but it is still shown in the console: the same corpus, without the variables. */
const SMS_CORPUS = SHORT.join(' ');

type TCreated = { id: number; name: string };

/** Fails the test (after it ends) on any marker: a dialog, the console line, or `window.__xss`. */
function watch(page: Page, fired: string[]) {
  page.on('dialog', async (dialog) => {
    fired.push(`dialog on ${page.url()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  // Only the payload's own log line: Chromium's errors about loads it refused quote the payload too.
  page.on('console', (message) => {
    if (message.type() === 'log' && message.text() === MARK) fired.push(`console on ${page.url()}`);
  });
}

/** `window.__xss` in the page and in every frame a script could reach. */
async function expectNoMarker(page: Page, where: string, fired: string[]) {
  for (const frame of page.frames()) {
    // A frame that never gets a script context (sandboxed, refused) cannot hold the marker: 2 s is enough.
    const marker = await Promise.race([
      frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss).catch(() => undefined),
      new Promise<undefined>((resolve) => setTimeout(resolve, 2_000)),
    ]);
    if (marker !== undefined) fired.push(`window.__xss in ${where} (${frame.url()})`);
  }
  expect(fired, where).toEqual([]);
}

/** Sorts the templates list by its last change, newest first (this run's templates come first). */
async function showNewestFirst(page: Page) {
  const header = page.getByTestId('templates-table').locator('th', { hasText: 'Modificada' });
  // The list starts sorted by name: a first click sorts by this column ascending, a second descending. Each click
  // waits for the header to show its order, so the second never acts on the state before the first re-rendered.
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
}

async function createTemplate(
  api: APIRequestContext,
  data: { name: string; subject?: string; content: string; contentType: 'HTML' | 'SMS' },
): Promise<TCreated> {
  const response = await api.post('/rest/services/templates/new', { data: { companyId: null, ...data } });
  expect(response.status(), await response.text()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  return { id, name: data.name };
}

test.describe('stored XSS in templates', () => {
  test.describe.configure({ timeout: 180_000 });

  test('no payload of any template field runs in the console, the preview, the shipping, the recipient page or the e-mail', async ({
    browser,
  }) => {
    const fired: string[] = [];
    const { api } = await apiSignIn('domain.admin');
    const html: TCreated[] = [];
    for (const [index, payload] of SHORT.entries()) {
      html.push(
        await createTemplate(api, {
          contentType: 'HTML',
          name: `XSS ${stamp} ${index} ${payload}`,
          subject: `${payload} {{reference}}`,
          content: CORPUS,
        }),
      );
    }
    const sms: TCreated[] = [];
    for (const [index, payload] of SHORT.entries()) {
      sms.push(
        await createTemplate(api, {
          contentType: 'SMS',
          name: `XSS SMS ${stamp} ${index} ${payload}`,
          content: SMS_CORPUS,
        }),
      );
    }

    // What was stored keeps none of the body's code; the name and subject are text, kept as written.
    const stored = await api.get(`/rest/services/templates/detail?templateSelected=${html[0]!.id}`);
    expect(stored.status()).toBe(200);
    const detail = (await stored.json()) as { content: string; name: string };
    expect(detail.name).toBe(html[0]!.name);
    expect(detail.content).toContain('Visible {{receiverName}}');
    expect
      .soft(detail.content)
      .not.toMatch(/<(script|svg|iframe|object|embed|style|math|form|input|meta|link)\b|on\w+=|javascript:|data:/i);

    // The preview call answers sanitised HTML too.
    const previewed = await api.post('/rest/services/templates/preview', {
      data: { contentType: 'HTML', subject: `${SHORT[0]} {{reference}}`, content: CORPUS },
    });
    expect(previewed.status(), await previewed.text()).toBe(200);
    expect
      .soft(((await previewed.json()) as { body: string }).body)
      .not.toMatch(/<(script|svg|iframe|style)\b|on\w+=|javascript:/i);
    await api.dispose();

    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    watch(page, fired);
    await signIn(page, 'domain.admin');
    await acceptCookies(page);

    // The lists, filtered to this run's templates.
    await page.goto('/#/templates');
    await showNewestFirst(page);
    await expect(page.getByText(`XSS ${stamp}`).first()).toBeVisible();
    await expectStaysAbsent(page, 500, () => expectNoMarker(page, 'templates list', fired));
    await page.goto('/#/templates/sms');
    await showNewestFirst(page);
    await expect(page.getByText(`XSS SMS ${stamp}`).first()).toBeVisible();
    await expectStaysAbsent(page, 500, () => expectNoMarker(page, 'SMS templates list', fired));

    // Each editor, with its live preview in the sandboxed frame.
    for (const template of [...html, ...sms]) {
      await page.goto(`/#/templates/edit/${template.id}`);
      await expect(page.getByTestId('template-name')).toHaveValue(template.name);
      if (!sms.includes(template)) {
        const frame = page.frameLocator('[data-testid="template-preview-frame"]');
        await expect(frame.getByText(/Visible/)).toBeVisible();
        await expect
          .soft(frame.locator('script, svg, iframe, object, embed, style, math, form, [onerror], [onclick]'))
          .toHaveCount(0, {
            timeout: 1_000,
          });
      }
      await expectStaysAbsent(page, 200, () => expectNoMarker(page, `editor of ${template.name}`, fired));
    }
    // The preview frame runs nothing even if a script got in: it is sandboxed without scripts.
    await page.goto(`/#/templates/edit/${html[0]!.id}`);
    await expect(page.getByTestId('template-preview-frame')).toHaveAttribute('sandbox', '');

    // A shipping written with each HTML template, to a receiver whose name is a payload too.
    const sender = await apiSignIn('company.user');
    const ids = await withDatabase(async (client) => {
      const type = await client.query<{ id: string }>("SELECT id FROM shipping_types WHERE name = 'Deed acceptance'");
      const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
      return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
    });
    const email = `xss-${stamp}@example.es`;
    const sent = await sender.api.post('/rest/services/shippings/sendrequest', {
      data: {
        ...ids,
        channel: 'email',
        subject: `Shipping ${SHORT[1]}`,
        reference: `REF "><svg onload=${JS}>`,
        templateId: html[1]!.id,
        receivers: [{ name: `Lucía <img src=x onerror=${JS}>`, email, language: 'es-es' }],
        documents: [
          {
            name: `doc<img src=x onerror=${JS}>.pdf`,
            content: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF').toString('base64')}`,
          },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { requestId } = (await sent.json()) as { requestId: number };
    await sender.api.dispose();
    const manager = await apiSignIn('company.manager');
    const authorised = await manager.api.put('/rest/services/shippings/shippingauthorize', {
      data: { authorizeShippingList: [requestId] },
    });
    expect(await authorised.json()).toMatchObject({ succeeded: [requestId] });
    await manager.api.dispose();

    // The sent e-mail, opened as a mail client would show it (scripts allowed): nothing runs.
    const link = await waitForRecipientLink(email);
    const [mail] = await mailsTo(email);
    const htmlPart = /<(?:p|div|table)[\s\S]*<\/(?:p|div|table)>/i.exec(mail!.text)?.[0] ?? mail!.text;
    expect(htmlPart).toContain('Visible');
    const client = await context.newPage();
    watch(client, fired);
    // Scripted content can even close the page under the test: that, too, is something running.
    await client
      .setContent(htmlPart, { waitUntil: 'load' })
      .catch((error: Error) => fired.push(`the e-mail page broke: ${error.message.split('\n')[0]}`));
    expect(fired, 'the sent e-mail').toEqual([]);
    await expect(client.getByText(/Visible/).first()).toBeVisible();
    await expectStaysAbsent(client, 500, async () => {
      const hrefs = await client
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).protocol));
      expect(hrefs.filter((protocol) => !['http:', 'https:', 'mailto:'].includes(protocol))).toEqual([]);
      await expectNoMarker(client, 'the sent e-mail', fired);
    });

    // The recipient page of the link the e-mail carries.
    const recipient = await context.newPage();
    watch(recipient, fired);
    await recipient.goto(link);
    await expect(recipient.locator('h1').first()).toBeVisible();
    await expectStaysAbsent(recipient, 1000, () => expectNoMarker(recipient, 'the recipient page', fired));

    // The shipping in the sender's console.
    const consolePage = await context.newPage();
    watch(consolePage, fired);
    await consolePage.goto(`/#/shippings/detail/${requestId}`);
    await expect(consolePage.getByTestId('shipping-detail')).toBeVisible();
    await expectStaysAbsent(consolePage, 1000, () => expectNoMarker(consolePage, 'the shipping detail', fired));
    await context.close();
  });
});
