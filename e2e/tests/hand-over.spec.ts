import { expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { PORTAL_TEXTS } from '../../apps/console/src/portal/portal-texts.ts';
import {
  acceptCookies,
  createUserLike,
  type Language,
  signIn,
  storedConsoleItems,
  translate,
  uniqueUsername,
  withDatabase,
} from './helpers.ts';
import { sendAndAuthorise, shippingState } from './portal-helpers.ts';

// An on-screen shipping handed over at the desk: the sender opens the receiver's page in a locked kiosk view (its
// console session ends first) or shows a QR code of a one-time link for the receiver's phone; the receiver's page
// opens and can act, and the evidence records the hand-over once the page was opened.

const stamp = Date.now().toString(36).toUpperCase();
/** The recipient page's words before it knows the receiver: the browser's language (the config's es-ES). */
const BROWSER_TEXTS = PORTAL_TEXTS['es-es'];

/** A sender of Notaría Central of its own (a copy of company.user) whose console speaks `language`. */
async function senderIn(language: Language): Promise<string> {
  const { username } = await createUserLike('company.user', uniqueUsername('handover'));
  await withDatabase((client) =>
    client.query('UPDATE users SET language = $1 WHERE username = $2', [language, username]),
  );
  return username;
}

/** An on-screen notification to one receiver, authorised and dispatched by the server's own workers. */
async function sendOnScreen(subject: string, language: Language): Promise<number> {
  const { shippingId } = await sendAndAuthorise('Notarial notification', {
    channel: 'onscreen',
    subject,
    receivers: [{ name: 'Lucía Fernández', email: `lucia.${stamp.toLowerCase()}@example.es`, language }],
  });
  await expect
    .poll(async () => (await shippingState(shippingId))?.state, { timeout: 60_000, message: 'the dispatch' })
    .toMatch(/^(sent|in_course)$/);
  return shippingId;
}

async function handOverEvents(shippingId: number) {
  return withDatabase(async (client) => {
    const rows = await client.query<{ details: { method: string } }>(
      "SELECT details FROM shipping_events WHERE shipping_id = $1 AND action = 'handedOver' ORDER BY seq",
      [shippingId],
    );
    return rows.rows.map((row) => row.details.method);
  });
}

async function openHandOver(page: Page, shippingId: number, language: Language) {
  await page.goto(`/#/shippings/detail/${shippingId}`);
  const button = page.getByTestId('detail-hand-over');
  await expect(button).toHaveText(translate(language, 'SHIPPING_ACTION_HAND_OVER'));
  await button.click();
  await expect(page.getByText(translate(language, 'HAND_OVER_TITLE'))).toBeVisible();
}

test.describe('hand-over at the desk', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const language of ['es-es', 'en-en', 'pt-pt'] as const) {
    const texts = PORTAL_TEXTS[language];

    test(`${language}: the sender opens the receiver's page in a kiosk view, and the receiver acknowledges`, async ({
      page,
    }) => {
      const subject = `Kiosk ${stamp} ${language}`;
      const shippingId = await sendOnScreen(subject, language);
      await signIn(page, await senderIn(language));
      await acceptCookies(page);
      const consoleToken = (await storedConsoleItems(page)).frontendweb_token;
      expect(consoleToken).toBeTruthy();

      await openHandOver(page, shippingId, language);
      await expect(page.getByTestId('hand-over-kiosk')).toHaveText(translate(language, 'HAND_OVER_KIOSK'));
      await page.getByTestId('hand-over-kiosk').click();

      // The kiosk view: its own route, no console around it, the one-time access gone from the address.
      await expect(page).toHaveURL(/\/portal\/#\/kiosk$/);
      await expect(page.getByTestId('kiosk-bar')).toContainText(texts.kioskNote);
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();
      await expect(page.getByTestId('user-menu')).toHaveCount(0);
      expect(await handOverEvents(shippingId)).toEqual(['kiosk']);

      // The console session is over: nothing stored, and the old token is refused by the server.
      expect(await storedConsoleItems(page)).not.toHaveProperty('frontendweb_token');
      const old = await page.request.get('/rest/services/account/users/read', {
        headers: { 'auth-token': consoleToken! },
      });
      expect(old.status()).toBe(401);

      await page.getByRole('button', { name: texts.acknowledge }).click();
      await expect(page.getByText(texts.outcome_acknowledged)).toBeVisible();
      await expect.poll(async () => (await shippingState(shippingId))?.state).toMatch(/^(pending_cert|closed)$/);

      // Reloaded, the kiosk finds its access spent (said in the browser's language: the receiver is no longer known);
      // the console asks to sign in again.
      await page.reload();
      await expect(page.getByTestId('hand-over-refused')).toHaveText(BROWSER_TEXTS.handOverSpent);
      await page.goto('/#/shippings');
      await expect(page).toHaveURL(/#\/login/);
      expect(await handOverEvents(shippingId)).toEqual(['kiosk']);
    });
  }

  test('the sender shows a QR code; the link it encodes opens the receiver’s page once, on a phone', async ({
    page,
    browser,
  }) => {
    const language = 'en-en';
    const texts = PORTAL_TEXTS[language];
    const subject = `QR ${stamp}`;
    const shippingId = await sendOnScreen(subject, language);
    await signIn(page, await senderIn(language));
    await acceptCookies(page);
    await openHandOver(page, shippingId, language);
    await page.getByTestId('hand-over-qr').click();

    const code = page.getByTestId('hand-over-qr-code');
    await expect(code).toBeVisible();
    const link = (await code.getAttribute('data-link'))!;
    expect(link).toMatch(/\/portal\/#\/h\/[A-Za-z0-9_-]{43}$/);
    // The code drawn is the QR code of that link: its dark modules, read back from the picture.
    const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    const drawn = await code
      .locator('rect')
      .evaluateAll((rects) =>
        rects.slice(1).map((rect) => ['x', 'y', 'width'].map((name) => Number(rect.getAttribute(name)))),
      );
    const dark = new Set<string>();
    for (const [x, y, width] of drawn) for (let i = 0; i < width!; i++) dark.add(`${x! - 4 + i},${y! - 4}`);
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++)
        if (modules.get(row, column)) expected.add(`${column},${row}`);
    }
    expect([...dark].sort()).toEqual([...expected].sort());
    // Shown but not opened: nothing recorded.
    expect(await handOverEvents(shippingId)).toEqual([]);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const receiver = await phone.newPage();
    await receiver.goto(link);
    await expect(receiver.getByRole('heading', { name: subject })).toBeVisible();
    await expect(receiver).toHaveURL(/\/portal\/#\/h$/);
    await expect(receiver.getByTestId('kiosk-bar')).toHaveCount(0);
    await receiver.getByRole('button', { name: texts.acknowledge }).click();
    await expect(receiver.getByText(texts.outcome_acknowledged)).toBeVisible();
    expect(await handOverEvents(shippingId)).toEqual(['qr']);

    // The sender's dialog sees the page opened; the same link a second time is refused.
    await expect(page.getByTestId('hand-over-opened')).toHaveText(translate(language, 'HAND_OVER_QR_OPENED'));
    const second = await phone.newPage();
    await second.goto(link);
    await expect(second.getByTestId('hand-over-refused')).toHaveText(BROWSER_TEXTS.handOverSpent);
    await phone.close();
    expect(await handOverEvents(shippingId)).toEqual(['qr']);
  });
});
