import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  mailsTo,
  outboxBodies,
  POSTAL_RECEIVER,
  sha256,
  shippingOutcome,
  verifySignedPdf,
  waitForPin,
  waitForRecipientLink,
} from './delivery-helpers.ts';
import { acceptCookies, apiSignIn, type Language, signIn, translate, withDatabase } from './helpers.ts';
import { EMAIL, openForm } from './shipping-form.ts';

// The whole journey of issue 4, each case end to end against the real server, its job workers, a real
// SMTP server (e2e/mail-sink.ts) and the outbox: create, dispatch, the receiver's page, the answer or
// its absence, the certificate, and the sender's console.

const stamp = Date.now().toString(36).toUpperCase();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A small PDF of its own per case, so its SHA-256 can only come from this upload. */
function documentFor(name: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${name} ${stamp}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** The page's own Spanish texts (apps/console/src/portal/portal-texts.ts). */
const PAGE = {
  requestPin: 'Enviarme un PIN',
  acceptWithPin: 'Aceptar con el PIN',
  reject: 'Rechazar',
  rejectConfirm: 'Confirmar el rechazo',
  accepted: 'Ha aceptado. Gracias.',
  rejected: 'Ha rechazado este envío.',
  pinFailed: 'El PIN se introdujo mal demasiadas veces. El envío se ha cerrado.',
  wrongPin: 'PIN incorrecto.',
};

async function demoIds(typeName: string) {
  return withDatabase(async (client) => {
    const type = await client.query<{ id: string }>('SELECT id FROM shipping_types WHERE name = $1', [typeName]);
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
}

/** Creates a shipping through the API as `login`; answers its id. */
async function sendByApi(login: string, typeName: string, body: Record<string, unknown>): Promise<number> {
  const { api } = await apiSignIn(login);
  const response = await api.post('/rest/services/shippings/sendrequest', {
    data: { ...(await demoIds(typeName)), ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { requestId } = (await response.json()) as { requestId: number };
  await api.dispose();
  return requestId;
}

/** The company's authoriser authorises the shipping, as from the authorisations list. */
async function authorise(id: number): Promise<void> {
  const { api } = await apiSignIn('company.manager');
  const response = await api.put('/rest/services/shippings/shippingauthorize', {
    data: { authorizeShippingList: [id] },
  });
  expect(await response.json()).toMatchObject({ succeeded: [id] });
  await api.dispose();
}

/** A mobile number no other test uses, so its PIN messages are this test's only. */
function uniqueMobile(): string {
  return `+3466${String(Date.now()).slice(-7)}`;
}

/** An acceptance by e-mail to a new receiver, with its own document. */
async function sendAcceptance(label: string, login = 'company.user') {
  const email = `${label.toLowerCase()}-${stamp.toLowerCase()}@example.es`;
  const mobile = uniqueMobile();
  const document = documentFor(label);
  const id = await sendByApi(login, 'Deed acceptance', {
    channel: 'email',
    subject: `Journey ${label} ${stamp}`,
    receivers: [{ name: 'Lucía Fernández', email, mobile, language: 'es-es' }],
    documents: [{ name: `${label}.pdf`, content: `data:application/pdf;base64,${document.toString('base64')}` }],
  });
  return { id, email, mobile, document };
}

async function openOnPhone(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

/** Waits in the sender's console until the shipping is closed, and checks its result. */
async function expectClosedInConsole(page: Page, id: number, result: string): Promise<void> {
  await page.goto(`/#/shippings/detail/${id}`);
  await expect(page.getByTestId('shipping-detail')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('detail-state').getAttribute('data-state');
      },
      { timeout: 60_000, message: `shipping ${id} closed` },
    )
    .toBe('closed');
  await expect(page.getByTestId('detail-result')).toHaveAttribute('data-result', result);
}

/** Downloads a stored document of the given kind from the detail's documents table. */
async function downloadDocumentOfKind(page: Page, kind: string, language: Language): Promise<Buffer> {
  const row = page
    .getByTestId('detail-documents')
    .locator('tr', { hasText: translate(language, `DOCUMENT_KIND_${kind}`) })
    .first();
  const download = page.waitForEvent('download');
  await row.locator('[data-testid^="document-download-"]').click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The certificate verifies with poppler and names the SHA-256 of every given file. */
async function expectCertificateOf(page: Page, files: Buffer[], language: Language = 'es-es'): Promise<string> {
  const text = await verifySignedPdf(await downloadDocumentOfKind(page, 'certificate', language));
  const flat = text.replace(/\s+/g, '');
  for (const file of files) expect(flat).toContain(sha256(file));
  return text;
}

test.describe('delivery journeys', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an acceptance by e-mail: link from the SMTP server, PIN from the SMS outbox, accepted, signed certificate', async ({
    page,
    browser,
  }) => {
    const email = `journey-${stamp.toLowerCase()}@example.es`;
    const mobile = uniqueMobile();
    const document = documentFor('journey');
    const subject = `Journey acceptance ${stamp}`;

    // The sender creates it in the console.
    await signIn(page, 'company.user');
    await acceptCookies(page);
    await openForm(page, 'Deed acceptance', EMAIL);
    await page.getByTestId('create-reference').fill(`JOURNEY-${stamp}`);
    await page.getByTestId('create-subject').fill(subject);
    await page.getByTestId('receiver-name-0').fill('Lucía Fernández');
    await page.getByTestId('receiver-email-0').fill(email);
    await page.getByTestId('receiver-mobile-0').fill(mobile);
    await page.getByTestId('receiver-document-0').fill('12345678Z');
    await page
      .locator('.shipping-create .ant-upload input[type=file]')
      .setInputFiles({ name: 'deed.pdf', mimeType: 'application/pdf', buffer: document });
    await page.getByTestId('create-submit').click();
    await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await authorise(id);

    // The SMTP server receives the message with the link; the receiver opens it on a phone.
    const link = await waitForRecipientLink(email);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain(subject);
    const receiver = await openOnPhone(browser, link);
    await expect(receiver.getByRole('heading', { name: subject })).toBeVisible();
    await receiver.getByRole('button', { name: PAGE.requestPin }).click();
    const pin = await waitForPin(mobile);
    await receiver.locator('input[inputmode=numeric]').fill(pin);
    await receiver.getByRole('button', { name: PAGE.acceptWithPin }).click();
    await expect(receiver.getByRole('status')).toHaveText(PAGE.accepted);
    await receiver.context().close();

    // The console shows it closed as accepted; the certificate verifies and names the document's hash.
    await expectClosedInConsole(page, id, 'accepted');
    const certificate = await expectCertificateOf(page, [document]);
    expect(certificate).toContain(subject);
  });

  test('a rejection with its reason closes the shipping as deny, with a signed certificate', async ({
    page,
    browser,
  }) => {
    const sent = await sendAcceptance('reject');
    await authorise(sent.id);
    const receiver = await openOnPhone(browser, await waitForRecipientLink(sent.email));
    await receiver.getByRole('button', { name: PAGE.reject, exact: true }).click();
    await receiver.locator('textarea').fill('The price is not the agreed one');
    await receiver.getByRole('button', { name: PAGE.rejectConfirm }).click();
    await expect(receiver.getByRole('status')).toHaveText(PAGE.rejected);
    await receiver.context().close();

    await signIn(page, 'company.user');
    await expectClosedInConsole(page, sent.id, 'deny');
    await expectCertificateOf(page, [sent.document]);
  });

  test('a wrong PIN three times closes the shipping as pin_error', async ({ page, browser }) => {
    const sent = await sendAcceptance('pin');
    await authorise(sent.id);
    const receiver = await openOnPhone(browser, await waitForRecipientLink(sent.email));
    await receiver.getByRole('button', { name: PAGE.requestPin }).click();
    const pin = await waitForPin(sent.mobile);
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 2; attempt++) {
      await receiver.locator('input[inputmode=numeric]').fill(wrong);
      await receiver.getByRole('button', { name: PAGE.acceptWithPin }).click();
      await expect(receiver.getByRole('alert')).toContainText(PAGE.wrongPin);
      await expect(receiver.getByRole('alert')).toContainText(String(3 - attempt));
    }
    await receiver.locator('input[inputmode=numeric]').fill(wrong);
    await receiver.getByRole('button', { name: PAGE.acceptWithPin }).click();
    await expect(receiver.getByRole('status')).toHaveText(PAGE.pinFailed);
    await receiver.context().close();

    await signIn(page, 'company.user');
    await expectClosedInConsole(page, sent.id, 'pin_error');
    await expectCertificateOf(page, [sent.document]);
  });

  test('a shipping nobody answers closes with timeout at its deadline', async ({ page }) => {
    const sent = await sendAcceptance('timeout');
    await authorise(sent.id);
    await waitForRecipientLink(sent.email);
    // The deadline is days away; bring it to now instead of waiting for it. The expiry job (every
    // minute) finds it as it would at the real deadline.
    await withDatabase((client) =>
      client.query("UPDATE shippings SET response_deadline_at = now() - interval '1 second' WHERE id = $1", [sent.id]),
    );
    await expect
      .poll(async () => (await shippingOutcome(sent.id)).result, { timeout: 100_000, message: 'the expiry job ran' })
      .toBe('timeout');

    await signIn(page, 'company.user');
    await expectClosedInConsole(page, sent.id, 'timeout');
    await expectCertificateOf(page, [sent.document]);
  });

  test('a sandbox shipping leaves only through the outbox, and runs the same course', async ({ page, browser }) => {
    const sent = await sendAcceptance('sandbox', 'sandbox.user');
    const outcome = await shippingOutcome(sent.id);
    if (outcome.state === 'pending_auth') await authorise(sent.id);
    let link = '';
    await expect
      .poll(
        async () => {
          const [body] = await outboxBodies(sent.email, 'access');
          link = /https?:\/\/[^\s"'<>]+\/portal\/#\/r\/[A-Za-z0-9_-]{43}/.exec(body ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 60_000, message: 'the access message in the outbox' },
      )
      .not.toBe('');
    const receiver = await openOnPhone(browser, link);
    await receiver.getByRole('button', { name: PAGE.requestPin }).click();
    const pin = await waitForPin(sent.mobile);
    await receiver.locator('input[inputmode=numeric]').fill(pin);
    await receiver.getByRole('button', { name: PAGE.acceptWithPin }).click();
    await expect(receiver.getByRole('status')).toHaveText(PAGE.accepted);
    await receiver.context().close();

    await signIn(page, 'sandbox.user');
    await expectClosedInConsole(page, sent.id, 'accepted');
    await expectCertificateOf(page, [sent.document], 'en-en');
    // Nothing reached the SMTP server: a sandbox shipping never leaves the building.
    expect(await mailsTo(sent.email)).toEqual([]);
  });

  test('a postal shipping is closed by the courier result, its receipt in the certificate', async ({ page }) => {
    const document = documentFor('postal');
    const receipt = documentFor('receipt');
    const id = await sendByApi('company.user', 'Notarial notification', {
      channel: 'postal',
      subject: `Journey postal ${stamp}`,
      receivers: [POSTAL_RECEIVER],
      documents: [{ name: 'notice.pdf', content: `data:application/pdf;base64,${document.toString('base64')}` }],
    });

    // The print room: the letter waits, is batched, printed and handed to the courier.
    const { api } = await apiSignIn('domain.admin');
    let reference = '';
    await expect
      .poll(
        async () => {
          const letters = (await (await api.get('/rest/services/postal/letters')).json()) as {
            reference: string;
            shippingId: number;
          }[];
          reference = letters.find((letter) => letter.shippingId === id)?.reference ?? '';
          return reference;
        },
        { timeout: 60_000, message: 'the letter waiting for a print batch' },
      )
      .not.toBe('');
    const batch = (await (await api.post('/rest/services/postal/batches', { data: {} })).json()) as { id: number };
    expect((await api.put(`/rest/services/postal/batches/${batch.id}/printed`)).status()).toBe(200);
    expect((await api.put(`/rest/services/postal/batches/${batch.id}/handed`)).status()).toBe(200);
    const result = await api.post('/rest/services/postal/results', {
      data: {
        reference,
        result: 'delivered',
        date: new Date().toISOString().slice(0, 10),
        courierRef: `CR-${stamp}`,
        proof: { name: 'receipt.pdf', data: `data:application/pdf;base64,${receipt.toString('base64')}` },
      },
    });
    expect(result.status(), await result.text()).toBe(200);
    await api.dispose();

    await signIn(page, 'company.user');
    await expectClosedInConsole(page, id, 'accepted');
    const certificate = await expectCertificateOf(page, [document, receipt]);
    // As a Spanish reader gets it: the courier's date as a date in Spanish, a notification's result as delivered.
    const [year, month, day] = new Date().toISOString().slice(0, 10).split('-').map(Number);
    const spanishDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' })
      .format(new Date(Date.UTC(year!, month! - 1, day!)))
      .replace('.', '');
    expect(certificate.replace(/[ \t]+/g, ' ')).toContain(`Fecha de entrega: ${spanishDate}`);
    expect(certificate).not.toMatch(/GMT|Coordinated Universal Time/);
    expect(certificate).toContain('Resultado: Entregado');
    expect(certificate).not.toContain('Aceptado');
  });
});
