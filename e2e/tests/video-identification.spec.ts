import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { waitForRecipientLink } from './delivery-helpers.ts';
import { apiSignIn, withDatabase } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = Date.now().toString(36);

// Chromium's own fake camera: a real MediaRecorder recording of a generated picture, no prompt.
test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

function jpeg(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

test('unattended video identification: the recipient consents and records; the sender downloads the video', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `video.${stamp}@example.es`;
  const ids = await withDatabase(async (client) => {
    const type = await client.query<{ id: string }>("SELECT id FROM shipping_types WHERE name = 'Remote onboarding'");
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
  const { api } = await apiSignIn('company.user');
  const created = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      ...ids,
      channel: 'email',
      subject: `Onboarding ${stamp}`,
      receivers: [{ name: 'Lucía Vídeo', email }],
      documents: [{ name: 'terms.pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { requestId } = (await created.json()) as { requestId: number };

  await page.goto(await waitForRecipientLink(email));
  await page.getByRole('button', { name: 'Empezar' }).click();
  await page
    .locator('input[data-kind="DNI_NIE"]')
    .setInputFiles({ name: 'dni.jpg', mimeType: 'image/jpeg', buffer: jpeg(4096) });
  await page
    .locator('input[data-kind="SELFIE"]')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg(5000) });
  const video = page.getByTestId('portal-video');
  await expect(video).toContainText('Grabaremos un vídeo');
  await expect(page.getByRole('button', { name: 'He terminado' })).toBeDisabled();
  await expect(page.getByTestId('video-record')).toBeDisabled();
  await page.getByTestId('video-consent').check();
  await page.getByTestId('video-record').click();
  await expect(video).toContainText('Grabando');
  await expect(page.getByTestId('video-recorded')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'He terminado' }).click();
  await expect
    .poll(() =>
      withDatabase(async (client) => {
        const row = await client.query<{ result: string | null }>('SELECT result FROM shippings WHERE id = $1', [
          requestId,
        ]);
        return row.rows[0]!.result;
      }),
    )
    .toBe('accepted');

  const link = await api.get(`/rest/services/shippings/shippingUrlVideoDownload?requestId=${requestId}`);
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const file = await api.get(url);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  const stored = await withDatabase(async (client) => {
    const row = await client.query<{ sha256: string }>(
      "SELECT sha256 FROM shipping_documents WHERE shipping_id = $1 AND kind = 'video'",
      [requestId],
    );
    return row.rows[0]!.sha256;
  });
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored);
  await api.dispose();
});
