import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, test } from '@playwright/test';
import { demoPdf } from '../../apps/server/src/demo/demo-pdf.ts';
import { issueReceiverCertificate, makeTestCa, receiverPkcs12 } from '../../apps/server/test/pki-fixtures.ts';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { apiSignIn, withDatabase } from './helpers.ts';
import { addressFor, sendAndAuthorise, shippingState, tokenOf } from './portal-helpers.ts';

// PKI on the recipient page: the receiver picks its own PKCS#12 (made here, from the test's own CA), types the
// password, and the page signs in the browser; the signed copy carries the receiver's signature, then the seal.
// A wrong password is said on the page and nothing is sent.

const TYPE = 'Deed acceptance';
const PASSWORD = 'lucía-2026';
const stamp = Date.now();
const run = promisify(execFile);
const ca = makeTestCa();
const lucia = issueReceiverCertificate(ca, { name: 'Lucía Fernández', serialNumber: 'IDCES-12345678Z' });
const p12 = receiverPkcs12(lucia, ca, PASSWORD);
let previous: string | null = null;

test.beforeAll(async () => {
  previous = await withDatabase(async (client) => {
    const { rows } = await client.query<{ sign_method: string | null }>(
      'SELECT sign_method FROM shipping_types WHERE name = $1',
      [TYPE],
    );
    await client.query("UPDATE shipping_types SET sign_method = 'PKI' WHERE name = $1", [TYPE]);
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
  const dir = await mkdtemp(path.join(tmpdir(), 'sello-pki-'));
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

    test(`signs with the receiver's own certificate in the browser, then the seal (${device.name})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const subject = `Own certificate ${stamp} ${device.name}`;
      const email = addressFor('lucia', subject);
      const { shippingId } = await sendAndAuthorise(TYPE, {
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
      const signingCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/portal/pki/')) signingCalls.push(request.url());
      });
      await page.goto(`/portal/#/r/${token}`);
      await expect(page.getByRole('heading', { name: subject })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enviarme un PIN' })).toHaveCount(0);
      const press = (button: Locator) => (device.hasTouch ? button.tap() : button.click());

      await page
        .getByLabel('Archivo del certificado (.p12 o .pfx)')
        .setInputFiles({ name: 'lucia.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
      const password = page.getByLabel('Contraseña del certificado');
      await password.fill('not the password');
      const sign = page.getByRole('button', { name: 'Firmar con el certificado y aceptar' });
      await press(sign);
      await expect(page.getByRole('alert')).toHaveText(
        'La contraseña no abre este certificado. Revísela y vuelva a intentarlo.',
      );
      expect(signingCalls).toEqual([]);

      await password.fill(PASSWORD);
      await press(sign);
      await expect(page.getByText('Ha aceptado. Gracias.')).toBeVisible();
      expect(signingCalls.map((url) => url.replace(/^.*\/portal\//, ''))).toEqual(['pki/prepare', 'pki/accept']);
      expect((await shippingState(shippingId))?.result).toBe('accepted');

      const details = await withDatabase(async (client) => {
        const { rows } = await client.query<{ details: Record<string, unknown> }>(
          "SELECT details FROM shipping_events WHERE shipping_id = $1 AND action = 'accept'",
          [shippingId],
        );
        return rows[0]?.details;
      });
      expect(details).toMatchObject({ signMethod: 'PKI', method: 'certificate' });
      expect(String(details?.certificateSubject)).toContain('serialNumber=IDCES-12345678Z');
      const signatures = (await signedCopyReport(shippingId)).split(/^Signature #\d+:$/m).slice(1);
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
