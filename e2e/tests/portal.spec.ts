import { expect, type Page, test } from '@playwright/test';
import { mailsTo, waitForRecipientLink } from './delivery-helpers.ts';
import { type Language, withDatabase } from './helpers.ts';
import {
  ANSWERED,
  addressFor,
  pinFromOutbox,
  sendAcceptance,
  sendAndAuthorise,
  shippingState,
  tokenOf,
} from './portal-helpers.ts';

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

/** The access messages recorded for a receiver (whatever carried them). */
async function accessMessageCount(receiverId: string): Promise<number> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM delivery_messages WHERE receiver_id = $1 AND purpose = 'access'",
      [receiverId],
    );
    return rows.rows[0]!.n;
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
    expect(await shippingState(sent.shippingId)).toEqual({
      state: expect.stringMatching(ANSWERED),
      result: 'accepted',
    });
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
    expect(await shippingState(sent.shippingId)).toEqual({ state: expect.stringMatching(ANSWERED), result: 'deny' });
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

test('signers in order: the second gets its link by e-mail only once the first has accepted', async ({ page }) => {
  const subject = `Portal joint ${stamp}`;
  const first = { name: 'Lucía Fernández', email: addressFor('lucia', subject), mobile: '612 345 678' };
  const second = { name: 'Tiago Almeida', email: addressFor('tiago', subject), mobile: '+351 912 345 678' };
  const sent = await sendAndAuthorise('Joint deed acceptance', {
    subject,
    multiSignerOrder: 1,
    receivers: [
      { ...first, language: 'es-es' },
      { ...second, language: 'pt-pt' },
    ],
  });
  const [firstId, secondId] = sent.receiverIds as [string, string];

  // The dispatch wrote the first signer's message only (the link has arrived, so it has committed).
  const firstToken = tokenOf(await waitForRecipientLink(first.email));
  expect(await accessMessageCount(secondId)).toBe(0);
  expect(await mailsTo(second.email)).toEqual([]);

  const signs = async (token: string, receiverId: string, language: Language) => {
    await page.goto(`/portal/#/r/${token}`);
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await page.getByRole('button', { name: TEXT[language].requestPin }).click();
    // Both mobiles end in 678: the page names where the PIN went once it is recorded.
    await expect(page.locator('.portal-note', { hasText: '678' })).toBeVisible();
    await page.locator('input[inputmode=numeric]').fill(await pinFromOutbox(receiverId));
    await page.getByRole('button', { name: TEXT[language].acceptWithPin }).click();
    await expect(page.getByRole('status')).toHaveText(TEXT[language].accepted);
  };
  await signs(firstToken, firstId, 'es-es');
  expect(await shippingState(sent.shippingId)).toEqual({ state: 'in_course', result: null });

  // Its acceptance released the second signer: an e-mail with a link of its own, which works.
  const secondToken = tokenOf(await waitForRecipientLink(second.email));
  expect(secondToken).not.toBe(firstToken);
  await signs(secondToken, secondId, 'pt-pt');
  expect(await shippingState(sent.shippingId)).toEqual({ state: expect.stringMatching(ANSWERED), result: 'accepted' });
});
