import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Language, withDatabase } from './helpers.ts';
import { sendAcceptance, shippingState } from './portal-helpers.ts';

// The handwritten signature (BIOHAND_GRAPH) on the recipient page: drawn with a finger on a phone (real touch
// input through the browser) and with the mouse on a desktop, in the receiver's language; a scribble too short to
// be a signature is refused, cleared, and the signature drawn again is accepted.

const TYPE = 'Deed acceptance';
const stamp = Date.now();
let previous: string | null = null;

test.beforeAll(async () => {
  previous = await withDatabase(async (client) => {
    const { rows } = await client.query<{ sign_method: string | null }>(
      'SELECT sign_method FROM shipping_types WHERE name = $1',
      [TYPE],
    );
    await client.query("UPDATE shipping_types SET sign_method = 'BIOHAND_GRAPH' WHERE name = $1", [TYPE]);
    return rows[0]!.sign_method;
  });
});
test.afterAll(async () => {
  await withDatabase((client) =>
    client.query('UPDATE shipping_types SET sign_method = $2 WHERE name = $1', [TYPE, previous]),
  );
});

const TEXT = {
  'pt-pt': {
    pad: 'Quadro de assinatura',
    clear: 'Apagar e assinar de novo',
    sign: 'Assinar e aceitar',
    tooShort: 'A assinatura é demasiado curta: assine como faz no papel.',
    accepted: 'Aceitou. Obrigado.',
  },
  'en-en': {
    pad: 'Signature box',
    clear: 'Clear and sign again',
    sign: 'Sign and accept',
    tooShort: 'The signature is too short: sign as you do on paper.',
    accepted: 'You have accepted. Thank you.',
  },
} as const;

type TDraw = (points: { x: number; y: number }[]) => Promise<void>;

/** One stroke with a finger: real touch events through the browser's input pipeline. */
function touchDrawer(page: Page): TDraw {
  return async (points) => {
    const cdp = await page.context().newCDPSession(page);
    const [first, ...rest] = points;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...first!, force: 0.6 }] });
    for (const point of rest) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...point, force: 0.6 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

/** One stroke with the mouse. */
function mouseDrawer(page: Page): TDraw {
  return async (points) => {
    const [first, ...rest] = points;
    await page.mouse.move(first!.x, first!.y);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 2 });
    await page.mouse.up();
  };
}

/** A looping name across the pad and an underline, in page coordinates. */
async function drawSignature(pad: Locator, draw: TDraw) {
  const box = (await pad.boundingBox())!;
  const name = Array.from({ length: 30 }, (_, index) => ({
    x: box.x + 15 + (index * (box.width - 30)) / 29,
    y: box.y + box.height / 2 + (box.height / 4) * Math.sin(index / 2),
  }));
  await draw(name);
  await draw([
    { x: box.x + 30, y: box.y + box.height - 25 },
    { x: box.x + box.width / 2, y: box.y + box.height - 22 },
    { x: box.x + box.width - 30, y: box.y + box.height - 25 },
  ]);
}

const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, language: 'pt-pt' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false, language: 'en-en' },
] as const;

for (const device of DEVICES) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile });

    test(`the receiver signs by hand on the pad (${device.name}, ${device.language})`, async ({ page }) => {
      const text = TEXT[device.language];
      const subject = `Handwritten ${stamp} ${device.name}`;
      const sent = await sendAcceptance(device.language as Language, subject);
      await page.goto(`/portal/#/r/${sent.token}`);
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();
      const pad = page.getByRole('img', { name: text.pad });
      await expect(pad).toBeVisible();
      const draw = device.hasTouch ? touchDrawer(page) : mouseDrawer(page);
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { pointerTypes: string[] }).pointerTypes = seen;
        document.addEventListener(
          'pointerdown',
          (event) => {
            if (event.target instanceof HTMLCanvasElement) seen.push(event.pointerType);
          },
          true,
        );
      });

      // A short dash is not a signature: refused on the page, nothing recorded.
      const box = (await pad.boundingBox())!;
      await draw([
        { x: box.x + 40, y: box.y + 40 },
        { x: box.x + 50, y: box.y + 42 },
      ]);
      await expect(pad).not.toHaveAttribute('data-points', '0');
      await page.getByRole('button', { name: text.sign }).click();
      await expect(page.getByText(text.tooShort)).toBeVisible();
      expect((await shippingState(sent.shippingId))?.result).toBeNull();

      await page.getByRole('button', { name: text.clear }).click();
      await expect(pad).toHaveAttribute('data-points', '0');
      await drawSignature(pad, draw);
      await page.getByRole('button', { name: text.sign }).click();
      await expect(page.getByText(text.accepted)).toBeVisible();
      // The strokes on the pad came from the device itself: a finger on the phone, the mouse on the desktop.
      const pointerTypes = await page.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes);
      expect(new Set(pointerTypes)).toEqual(new Set([device.hasTouch ? 'touch' : 'mouse']));

      expect((await shippingState(sent.shippingId))?.result).toBe('accepted');
      const evidence = await withDatabase(async (client) => {
        const { rows } = await client.query<{ details: Record<string, unknown>; sha256: string; strokes: number }>(
          `SELECT e.details, h.sha256, h.stroke_count AS strokes
             FROM shipping_events e JOIN receiver_handwritings h ON h.receiver_id = $2
            WHERE e.shipping_id = $1 AND e.action = 'accept'`,
          [sent.shippingId, sent.receiverId],
        );
        return rows[0];
      });
      expect(evidence?.strokes).toBe(2);
      expect(evidence?.details).toMatchObject({ signMethod: 'BIOHAND_GRAPH', biometricSha256: evidence?.sha256 });
    });
  });
}
