import { expect, test } from '@playwright/test';
import { mailsTo } from './delivery-helpers.ts';
import { withDatabase } from './helpers.ts';
import { addressFor, sendAcceptance, shippingState } from './portal-helpers.ts';

// The PIN goes on the channel the type names (here e-mail, to the test mail server), and the page says
// where it went; on a phone with touch and on a desktop.

const TYPE = 'Deed acceptance';
const stamp = Date.now();
let previous: string | null = null;

test.beforeAll(async () => {
  previous = await withDatabase(async (client) => {
    const { rows } = await client.query<{ sign_method: string | null }>(
      'SELECT sign_method FROM shipping_types WHERE name = $1',
      [TYPE],
    );
    await client.query("UPDATE shipping_types SET sign_method = 'PIN_EMAIL' WHERE name = $1", [TYPE]);
    return rows[0]!.sign_method;
  });
});
test.afterAll(async () => {
  await withDatabase((client) =>
    client.query('UPDATE shipping_types SET sign_method = $2 WHERE name = $1', [TYPE, previous]),
  );
});

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

for (const device of VIEWPORTS) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile });

    test(`the PIN arrives by e-mail, the page names the channel and masked address (${device.name})`, async ({
      page,
    }) => {
      const subject = `PIN channel ${stamp} ${device.name}`;
      const address = addressFor('lucia', subject);
      const sent = await sendAcceptance('es-es', subject);
      await page.goto(`/portal/#/r/${sent.token}`);
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();
      const mailsBefore = (await mailsTo(address)).length;
      await page.getByRole('button', { name: 'Enviarme un PIN' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Le hemos enviado un PIN por correo electrónico a l•••@example.es.',
      );

      let pin = '';
      await expect
        .poll(
          async () => {
            const mail = (await mailsTo(address)).slice(mailsBefore).find((item) => /\b\d{6}\b/.test(item.text));
            pin = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
            return pin;
          },
          { timeout: 30_000, message: `a PIN e-mail for ${address}` },
        )
        .not.toBe('');
      if (device.hasTouch) await page.locator('input[inputmode=numeric]').tap();
      await page.locator('input[inputmode=numeric]').fill(pin);
      await page.getByRole('button', { name: 'Aceptar con el PIN' }).click();
      await expect(page.getByText('Ha aceptado. Gracias.')).toBeVisible();
      expect((await shippingState(sent.shippingId))?.result).toBe('accepted');
      const details = await withDatabase(async (client) => {
        const { rows } = await client.query<{ details: Record<string, unknown> }>(
          "SELECT details FROM shipping_events WHERE shipping_id = $1 AND action = 'accept'",
          [sent.shippingId],
        );
        return rows[0]?.details;
      });
      expect(details).toMatchObject({ signMethod: 'PIN_EMAIL', pinChannel: 'email', pinSentTo: 'l•••@example.es' });
    });
  });
}
