import { expect, test } from '@playwright/test';
import { POSTAL_RECEIVER } from './delivery-helpers.ts';
import { acceptCookies, alertsWithKey, apiSignIn, logOut, signIn, withDatabase } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function letterOf(shippingId: number) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ reference: string; status: string; batch_id: string | null }>(
      'SELECT reference, status, batch_id FROM postal_letters WHERE shipping_id = $1',
      [shippingId],
    );
    return rows[0];
  });
}

/** The letter of a postal shipping, once the server's dispatch and send workers have made it. */
async function waitForLetter(shippingId: number) {
  await expect
    .poll(async () => (await letterOf(shippingId)) ?? null, {
      timeout: 60_000,
      message: `the postal letter of shipping ${shippingId}`,
    })
    .not.toBeNull();
  return (await letterOf(shippingId))!;
}

async function sendPostalShipping(): Promise<number> {
  const { api } = await apiSignIn('company.user');
  const company = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'")).rows[0]!,
  );
  const type = await withDatabase(
    async (client) =>
      (await client.query<{ id: string }>("SELECT id FROM shipping_types WHERE name = 'Notarial notification'"))
        .rows[0]!,
  );
  const response = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      companyId: Number(company.id),
      typeId: Number(type.id),
      channel: 'postal',
      subject: 'E2E postal notice',
      receivers: [POSTAL_RECEIVER],
      documents: [{ name: 'notice.pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { requestId } = (await response.json()) as { requestId: number };
  await api.dispose();
  return requestId;
}

test('a postal shipping is batched, printed, handed to the courier and its delivery entered on the screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shippingId = await sendPostalShipping();
  const { reference } = await waitForLetter(shippingId);

  await signIn(page, 'domain.admin');
  await acceptCookies(page);
  await page.goto('/#/administration');
  await page.getByTestId('admin-postal-link').click();
  await expect(page).toHaveURL(/#\/administration\/postal/);

  // Letters waiting → one batch.
  await expect(page.getByTestId(`postal-letter-${reference}`)).toBeVisible();
  await page.getByTestId('postal-create-batch').click();
  await expect(alertsWithKey(page, 'POSTAL_BATCH_CREATED')).toBeVisible();
  await expect(page.getByTestId(`postal-letter-${reference}`)).toHaveCount(0);
  const batchId = (await letterOf(shippingId))!.batch_id!;

  // The batch: its PDF, then printed and handed to the courier.
  await page.getByTestId('postal-tab-batches').click();
  const download = page.waitForEvent('download');
  await page.getByTestId(`postal-batch-download-${batchId}`).click();
  expect((await download).suggestedFilename()).toBe(`postal-batch-${batchId}.pdf`);
  await page.getByTestId(`postal-batch-printed-${batchId}`).click();
  await expect(page.getByTestId(`postal-batch-handed-${batchId}`)).toBeVisible();
  await page.getByTestId(`postal-batch-handed-${batchId}`).click();
  await expect(page.getByTestId(`postal-batch-handed-${batchId}`)).toHaveCount(0);
  expect((await letterOf(shippingId))!.status).toBe('handed');

  // A CSV with a bad row changes nothing and says which row is wrong.
  await page.getByTestId('postal-tab-results').click();
  await page
    .locator('.postal-results .ant-upload input[type=file]')
    .last()
    .setInputFiles({
      name: 'courier.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`reference,result,date,courierRef\n${reference},lost,2026-01-10,C-1\n`),
    });
  const report = page.getByTestId('postal-import-report');
  await expect(report).toBeVisible();
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(report.locator('tbody tr').first()).toContainText('2');
  await expect(report.locator('tbody tr').first()).toContainText('result');
  expect((await letterOf(shippingId))!.status).toBe('handed');

  // The courier's answer for the letter, with the signed receipt.
  await page.getByTestId('postal-result-reference').fill(reference);
  await page.getByTestId('postal-result-courier-ref').fill('CR-E2E-1');
  await page
    .getByTestId('postal-result-proof')
    .locator('input[type=file]')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('postal-result-proof-name')).toContainText('receipt.pdf');
  await page.getByTestId('postal-result-submit').click();
  await expect(alertsWithKey(page, 'POSTAL_RESULT_SAVED')).toBeVisible();
  expect((await letterOf(shippingId))!.status).toBe('delivered');

  // The sender sees the shipping waiting for (or holding) its postal certificate.
  await logOut(page);
  await signIn(page, 'company.user');
  await page.goto(`/#/shippings/detail/${shippingId}`);
  await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', /^(pending_cert_postal|closed)$/);
});
