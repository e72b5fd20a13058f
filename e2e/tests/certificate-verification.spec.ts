import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { translate, withDatabase } from './helpers.ts';
import { pinFromOutbox, sendAcceptance, shippingState } from './portal-helpers.ts';

const FILES = path.resolve(import.meta.dirname, '../../.test-data/e2e-db/files');

test('the public verification page, without signing in, verifies a dropped certificate and lists its events', async ({
  page,
  request,
}) => {
  // A shipping accepted by its receiver through the portal's calls, then certified by the server's own worker.
  const sent = await sendAcceptance('es-es', `Verification ${Date.now()}`);
  const headers = { 'x-receiver-token': sent.token };
  expect((await request.get('/rest/services/portal/shipping', { headers })).status()).toBe(200);
  expect((await request.post('/rest/services/portal/pin', { headers })).status()).toBe(200);
  const accepted = await request.post('/rest/services/portal/accept', {
    headers,
    data: { pin: await pinFromOutbox(sent.receiverId) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await expect.poll(async () => (await shippingState(sent.shippingId))?.state, { timeout: 30_000 }).toBe('closed');
  const stored = await withDatabase(async (client) => {
    const code = await client.query<{ code: string; sha256: string; event_count: number }>(
      'SELECT code, sha256, event_count FROM certificate_codes WHERE shipping_id = $1',
      [sent.shippingId],
    );
    const events = await client.query<{ hash: string }>(
      'SELECT hash FROM shipping_events WHERE shipping_id = $1 AND seq <= $2 ORDER BY seq',
      [sent.shippingId, code.rows[0]!.event_count],
    );
    return { ...code.rows[0]!, hashes: events.rows.map((row) => row.hash) };
  });
  const { sha256 } = stored;
  const pdf = await readFile(path.join(FILES, sha256.slice(0, 2), sha256.slice(2, 4), sha256));

  await page.goto('/#/verify');
  await expect(page.getByRole('heading', { name: translate('es-es', 'VERIFY_TITLE') })).toBeVisible();
  await page
    .locator('.verification-card input[type=file]')
    .setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('verification-verdict')).toContainText(translate('es-es', 'VERIFY_VERIFIED'));
  const events = page.getByTestId('verification-events');
  for (const hash of stored.hashes) await expect(events).toContainText(hash);
  await expect(events).toContainText(translate('es-es', 'EVENT_ACTION_accept'));

  // A changed copy is not verified, and shows no event.
  const changed = Buffer.from(pdf);
  changed[300] = changed[300]! ^ 1;
  await page
    .locator('.verification-card input[type=file]')
    .setInputFiles({ name: 'cambiado.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(page.getByTestId('verification-verdict')).toContainText(translate('es-es', 'VERIFY_NOT_VERIFIED'));
  await expect(page.getByTestId('verification-events')).toHaveCount(0);

  // The link of the QR code opens the page with the code, and checks it at once.
  await page.goto(`/#/verify/${stored.code}`);
  await expect(page.getByTestId('verification-verdict')).toContainText(translate('es-es', 'VERIFY_VERIFIED'));
});
