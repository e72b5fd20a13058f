import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { demoPdf } from '../../apps/server/src/demo/demo-pdf.ts';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { apiSignIn, withDatabase } from './helpers.ts';
import { addressFor, pinFromOutbox, sendAndAuthorise, shippingState, tokenOf } from './portal-helpers.ts';

// PKI_CLOUD on the recipient page: the PIN proves who signs, the server issues a one-time certificate that signs the
// document as the receiver before the provider's seal; on a phone with touch and on a desktop.

const TYPE = 'Deed acceptance';
const stamp = Date.now();
const run = promisify(execFile);
let previous: string | null = null;

test.beforeAll(async () => {
  previous = await withDatabase(async (client) => {
    const { rows } = await client.query<{ sign_method: string | null }>(
      'SELECT sign_method FROM shipping_types WHERE name = $1',
      [TYPE],
    );
    await client.query("UPDATE shipping_types SET sign_method = 'PKI_CLOUD' WHERE name = $1", [TYPE]);
    return rows[0]!.sign_method;
  });
});
test.afterAll(async () => {
  await withDatabase((client) =>
    client.query('UPDATE shipping_types SET sign_method = $2 WHERE name = $1', [TYPE, previous]),
  );
});

/** The signed copy as the sender downloads it, and what pdfsig says of it. */
async function signedCopyReport(shippingId: number): Promise<string> {
  const position = await withDatabase(async (client) => {
    const { rows } = await client.query<{ position: number }>(
      "SELECT position FROM shipping_documents WHERE shipping_id = $1 AND kind = 'signed'",
      [shippingId],
    );
    return rows[0]!.position;
  });
  const { api } = await apiSignIn('company.user');
  const response = await api.post('/rest/services/shippings/shippingdownloadfile', {
    data: { requestId: shippingId, fileRequest: position },
  });
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  await api.dispose();
  const dir = await mkdtemp(path.join(tmpdir(), 'sello-cloud-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    await writeFile(file, bytes);
    return (await run('pdfsig', ['-nocert', file])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

for (const device of VIEWPORTS) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile });

    test(`signs with a one-time certificate after the PIN, then the seal (${device.name})`, async ({ page }) => {
      test.setTimeout(120_000);
      const subject = `Cloud certificate ${stamp} ${device.name}`;
      const email = addressFor('lucia', subject);
      const { shippingId, receiverIds } = await sendAndAuthorise(TYPE, {
        subject,
        receivers: [
          {
            name: 'Lucía Fernández',
            email,
            mobile: '612 345 678',
            documentType: 'DNI',
            documentNumber: '12345678Z',
            language: 'es-es',
          },
        ],
        documents: [
          { name: 'deed.pdf', content: `data:application/pdf;base64,${demoPdf(subject).toString('base64')}` },
        ],
      });
      const token = tokenOf(await waitForRecipientLink(email));
      await page.goto(`/portal/#/r/${token}`);
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();
      await page.getByRole('button', { name: 'Enviarme un PIN' }).click();
      await expect(page.getByRole('status')).toContainText('Le hemos enviado un PIN');
      const pin = await pinFromOutbox(receiverIds[0]!);
      const input = page.locator('input[inputmode=numeric]');
      if (device.hasTouch) await input.tap();
      await input.fill(pin);
      await page.getByRole('button', { name: 'Aceptar con el PIN' }).click();
      await expect(page.getByText('Ha aceptado. Gracias.')).toBeVisible();
      expect((await shippingState(shippingId))?.result).toBe('accepted');

      const details = await withDatabase(async (client) => {
        const { rows } = await client.query<{ details: Record<string, unknown> }>(
          "SELECT details FROM shipping_events WHERE shipping_id = $1 AND action = 'accept'",
          [shippingId],
        );
        return rows[0]?.details;
      });
      expect(details).toMatchObject({ signMethod: 'PKI_CLOUD', pinChannel: 'sms' });
      expect(String(details?.certificateSubject)).toContain('serialNumber=IDCES-12345678Z');
      const report = await signedCopyReport(shippingId);
      const signatures = report.split(/^Signature #\d+:$/m).slice(1);
      // The receiver's signature, the seal, then the document time-stamp over the whole file (PAdES B-LTA; poppler
      // lists it without validating it, the API tests check it with openssl ts -verify).
      expect(signatures).toHaveLength(3);
      expect(signatures[0]).toContain('Signer Certificate Common Name: Lucía Fernández');
      for (const signature of signatures.slice(0, 2)) {
        expect(signature).toContain('Signature Validation: Signature is Valid.');
      }
      expect(signatures[2]).toContain('Total document signed');
    });
  });
}
