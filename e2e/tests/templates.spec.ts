import { expect, type Page, test } from '@playwright/test';
import { outboxBodies } from './delivery-helpers.ts';
import { acceptCookies, apiSignIn, signIn, withDatabase } from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = Date.now().toString(36);

/** Fails the test if any script of a template runs: an alert dialog, or the marker a payload sets. */
function watchForScripts(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a template script ran: ${dialog.message()}`);
  });
}

test('an HTML template with an image and variables: previewed, used in a shipping, sent as previewed', async ({
  page,
}) => {
  watchForScripts(page);
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/templates/create');
  await page.getByTestId('template-name').fill(`E2E template ${stamp}`);
  await page.getByTestId('template-subject').fill('Aviso {{reference}}');
  await page
    .getByTestId('template-content')
    .fill(
      `<p>Hola {{receiverName}}</p><p onclick="alert(1)">Texto ${stamp}</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><svg onload="alert(4)"></svg>`,
    );
  await page
    .getByTestId('template-image-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('template-content')).toHaveValue(/\/rest\/services\/templates\/image\/[\w-]{32}/);

  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.getByText('Hola Lucía Fernández')).toBeVisible();
  await expect(frame.getByText(`Texto ${stamp}`)).toBeVisible();
  await expect(page.getByTestId('template-preview-subject')).toHaveText('Aviso REF-0001');
  await expect(frame.locator('img')).toHaveCount(1);
  await expect
    .poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await expect(frame.locator('script, svg, [onclick]')).toHaveCount(0);
  await expect(page.getByTestId('template-preview-frame')).toHaveAttribute('sandbox', '');

  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/#\/templates\/edit\/\d+/);
  const templateId = Number(/edit\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('template-lock-mine')).toBeVisible();

  // A sandbox sender writes a shipping with it: its access e-mail lands in the outbox.
  const email = `tpl-${stamp}@example.es`;
  const { api } = await apiSignIn('sandbox.user');
  const ids = await withDatabase(async (client) => {
    const type = await client.query<{ id: string }>(
      "SELECT id FROM shipping_types WHERE name = 'Notarial notification'",
    );
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
  const sent = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      ...ids,
      channel: 'email',
      subject: `Template ${stamp}`,
      reference: 'E2E-REF',
      templateId,
      receivers: [{ name: 'Lucía Fernández', email, language: 'es-es' }],
      documents: [
        {
          name: 'doc.pdf',
          content: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF').toString('base64')}`,
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await api.dispose();
  await expect.poll(() => outboxBodies(email, 'access'), { timeout: 30_000 }).toHaveLength(1);
  const [body] = await outboxBodies(email, 'access');
  expect(body).toContain('<p>Hola Lucía Fernández</p>');
  expect(body).toContain(`<p>Texto ${stamp}</p>`);
  expect(body).toMatch(
    /<img src="http:\/\/127\.0\.0\.1:\d+\/rest\/services\/templates\/image\/[\w-]{32}" alt="logo\.png" \/>/,
  );
  expect(body).not.toMatch(/script|onclick|javascript:|svg/);

  // The sent message, opened as a mail client would show it, runs nothing either.
  await page.setContent(body!);
  await expect(page.getByText(`Texto ${stamp}`)).toBeVisible();
});

test('an SMS template counts characters and segments, and says when one accent switches to UCS-2', async ({ page }) => {
  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/templates/create?contentType=SMS');
  const segments = page.getByTestId('sms-segments');
  await page.getByTestId('template-content').fill('a'.repeat(100));
  await expect(segments).toHaveAttribute('data-encoding', 'GSM7');
  await expect(segments).toHaveAttribute('data-segments', '1');
  await expect(page.getByTestId('sms-ucs2-warning')).toHaveCount(0);
  await page.getByTestId('template-content').fill(`á${'a'.repeat(99)}`);
  await expect(segments).toHaveAttribute('data-encoding', 'UCS2');
  await expect(segments).toHaveAttribute('data-segments', '2');
  await expect(page.getByTestId('sms-ucs2-warning')).toContainText('á');
  // An emoji is no GSM-7 character: the SMS goes as UCS-2, said with its cost. A control character is refused.
  await page.getByTestId('template-content').fill('Hola 😀');
  await expect(segments).toHaveAttribute('data-encoding', 'UCS2');
  await expect(page.getByTestId('template-save')).toBeEnabled();
  await page.getByTestId('template-content').fill('Hola\u0007');
  await expect(page.getByTestId('template-save')).toBeDisabled();
});

test('a second administrator finds the template locked by the first and unlocks it', async ({ browser }) => {
  const first = await browser.newPage();
  await signIn(first, 'domain.admin');
  await acceptCookies(first);
  const { api } = await apiSignIn('domain.admin');
  const created = await api.post('/rest/services/templates/new', {
    data: { companyId: null, name: `Locked ${stamp}`, content: '<p>Locked</p>' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  await api.dispose();
  await first.goto(`/#/templates/edit/${id}`);
  await expect(first.getByTestId('template-lock-mine')).toBeVisible();

  const second = await browser.newPage();
  await signIn(second, 'company.admin');
  await acceptCookies(second);
  await second.goto(`/#/templates/edit/${id}`);
  await expect(second.getByTestId('template-locked')).toContainText('Daniel Ortega');
  await expect(second.getByTestId('template-save')).toBeDisabled();
  await second.goto('/#/templates');
  // Every template comes in three languages: the list is filtered by name to find this one.
  await second.getByTestId('filter-name').click();
  await second.getByTestId('filter-input-name').fill(`Locked ${stamp}`);
  await second.getByTestId('filter-apply-name').click();
  await expect(second.getByTestId(`template-locked-${id}`)).toContainText('Daniel Ortega');
  await second.goto(`/#/templates/edit/${id}`);
  await second.getByTestId('template-unlock').click();
  await expect(second.getByTestId('template-locked')).toHaveCount(0);
  await expect(second.getByTestId('template-lock-mine')).toBeVisible();
  await expect(second.getByTestId('template-save')).toBeEnabled();
  await first.close();
  await second.close();
});
