import { expect, type Page, test } from '@playwright/test';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { apiSignIn, type Language, withDatabase } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = Date.now().toString(36).toUpperCase();

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The page's texts the tests look for, per language (they are the page's own, see portal-texts.ts). */
const TEXT = {
  'es-es': {
    requestPin: 'Enviarme un PIN',
    acceptWithPin: 'Aceptar con el PIN',
    accepted: 'Ha aceptado. Gracias.',
    reject: 'Rechazar',
    rejectConfirm: 'Confirmar el rechazo',
    rejected: 'Ha rechazado este envío.',
    wrongPin: 'PIN incorrecto.',
    invalidLink: 'Este enlace no es válido o ha caducado.',
  },
  'en-en': {
    requestPin: 'Send me a PIN',
    acceptWithPin: 'Accept with the PIN',
    accepted: 'You have accepted. Thank you.',
    reject: 'Reject',
    rejectConfirm: 'Confirm rejection',
    rejected: 'You have rejected this shipping.',
    wrongPin: 'Wrong PIN.',
    invalidLink: 'This link is not valid or has expired.',
  },
  'pt-pt': {
    requestPin: 'Enviar-me um PIN',
    acceptWithPin: 'Aceitar com o PIN',
    accepted: 'Aceitou. Obrigado.',
    reject: 'Recusar',
    rejectConfirm: 'Confirmar a recusa',
    rejected: 'Recusou este envio.',
    wrongPin: 'PIN errado.',
    invalidLink: 'Esta ligação não é válida ou expirou.',
  },
} as const;

/**
 * Creates an acceptance through the API, has the manager authorise it through the API, and waits for
 * the server's own dispatch and send workers to e-mail the receiver its link (to the test mail server).
 * Each test's receiver has its own address, so its link is its own. Answers the receiver and its token.
 */
async function sendAcceptance(language: Language, subject: string) {
  const ids = await withDatabase(async (client) => {
    const type = await client.query<{ id: string }>("SELECT id FROM shipping_types WHERE name = 'Deed acceptance'");
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B1234567A'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
  const email = `lucia.${subject.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.es`;
  const { api } = await apiSignIn('company.user');
  const response = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      ...ids,
      channel: 'email',
      subject,
      receivers: [{ name: 'Lucía Fernández', email, mobile: '612 345 678', language }],
      documents: [{ name: 'deed.pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { requestId } = (await response.json()) as { requestId: number };
  await api.dispose();

  const manager = await apiSignIn('company.manager');
  const authorised = await manager.api.put('/rest/services/shippings/shippingauthorize', {
    data: { authorizeShippingList: [requestId] },
  });
  expect(authorised.status(), await authorised.text()).toBe(200);
  expect(((await authorised.json()) as { succeeded: number[] }).succeeded).toEqual([requestId]);
  await manager.api.dispose();

  const link = await waitForRecipientLink(email);
  const token = /\/portal\/#\/r\/([A-Za-z0-9_-]{43})$/.exec(link)![1]!;
  const receiverId = await withDatabase(async (client) => {
    const rows = await client.query<{ id: string }>('SELECT id FROM shipping_receivers WHERE shipping_id = $1', [
      requestId,
    ]);
    return rows.rows[0]!.id;
  });
  return { shippingId: requestId, receiverId, token };
}

async function pinFromOutbox(receiverId: string): Promise<string> {
  const body = await withDatabase(async (client) => {
    const rows = await client.query<{ body: string }>(
      "SELECT body FROM outbox WHERE receiver_id = $1 AND purpose = 'pin' ORDER BY id DESC LIMIT 1",
      [receiverId],
    );
    return rows.rows[0]?.body ?? '';
  });
  const pin = /\b(\d{6})\b/.exec(body)?.[1];
  expect(pin, `PIN message: ${body}`).toBeDefined();
  return pin!;
}

async function shippingState(shippingId: number) {
  return withDatabase(async (client) => {
    const rows = await client.query<{ state: string; result: string | null }>(
      'SELECT state, result FROM shippings WHERE id = $1',
      [shippingId],
    );
    return rows.rows[0];
  });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['es-es', 'en-en', 'pt-pt'] as const) {
  const text = TEXT[language];

  test(`a receiver accepts with the PIN from the outbox on a phone (${language})`, async ({ page }) => {
    const subject = `Portal accept ${stamp} ${language}`;
    const sent = await sendAcceptance(language, subject);
    await page.goto(`/portal/#/r/${sent.token}`);
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByRole('button', { name: text.requestPin })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: text.requestPin }).click();
    await expect(page.locator('.portal-note', { hasText: '678' })).toBeVisible();
    const pin = await pinFromOutbox(sent.receiverId);

    // A wrong PIN first: the page says so and shows the attempts left.
    await page.locator('input[inputmode=numeric]').fill(pin === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: text.acceptWithPin }).click();
    await expect(page.getByRole('alert')).toContainText(text.wrongPin);
    await expect(page.getByRole('alert')).toContainText('2');

    await page.locator('input[inputmode=numeric]').fill(pin);
    await page.getByRole('button', { name: text.acceptWithPin }).click();
    await expect(page.getByRole('status')).toHaveText(text.accepted);
    expect(await shippingState(sent.shippingId)).toEqual({ state: 'pending_cert', result: 'accepted' });
  });

  test(`a receiver rejects with a reason on a phone (${language})`, async ({ page }) => {
    const subject = `Portal reject ${stamp} ${language}`;
    const sent = await sendAcceptance(language, subject);
    await page.goto(`/portal/#/r/${sent.token}`);
    await page.getByRole('button', { name: text.reject, exact: true }).click();
    await expect(page.getByRole('button', { name: text.rejectConfirm })).toBeDisabled();
    await page.locator('textarea').fill('The amounts are not the agreed ones');
    await page.getByRole('button', { name: text.rejectConfirm }).click();
    await expect(page.getByRole('status')).toHaveText(text.rejected);
    expect(await shippingState(sent.shippingId)).toEqual({ state: 'pending_cert', result: 'deny' });
  });
}

test('the language switcher translates the page, and an unknown link says so', async ({ page }) => {
  const sent = await sendAcceptance('es-es', `Portal language ${stamp}`);
  await page.goto(`/portal/#/r/${sent.token}`);
  await expect(page.getByRole('button', { name: TEXT['es-es'].requestPin })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('pt-pt');
  await expect(page.getByRole('button', { name: TEXT['pt-pt'].requestPin })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');

  // Another link is another receiver: the page starts again in the browser's language (Spanish here).
  await page.goto(`/portal/#/r/${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(TEXT['es-es'].invalidLink);
});
