import { expect, test } from '@playwright/test';
import { apiSignIn, signIn, withDatabase } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = Date.now().toString(36);

async function ids(typeName: string) {
  return withDatabase(async (client) => {
    const type = await client.query<{ id: string }>('SELECT id FROM shipping_types WHERE name = $1', [typeName]);
    const company = await client.query<{ id: string }>("SELECT id FROM companies WHERE tax_id = 'B12345674'");
    return { typeId: Number(type.rows[0]!.id), companyId: Number(company.rows[0]!.id) };
  });
}

function shippingRow(id: number) {
  return withDatabase(async (client) => {
    const row = await client.query<{ state: string; result: string | null; situation_code: string | null }>(
      'SELECT state, result, situation_code FROM shippings WHERE id = $1',
      [id],
    );
    return row.rows[0]!;
  });
}

test('the sender cancels a shipping in course; it closes as cancelled by the sender, with a non-report', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { api } = await apiSignIn('company.user');
  const created = await api.post('/rest/services/shippings/sendrequest', {
    data: {
      ...(await ids('Notarial notification')),
      channel: 'email',
      subject: `Cancel me ${stamp}`,
      receivers: [{ name: 'Lucía Cancel', email: `cancel.${stamp}@example.es` }],
      documents: [{ name: 'n.pdf', content: `data:application/pdf;base64,${PDF.toString('base64')}` }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { requestId } = (await created.json()) as { requestId: number };
  await api.dispose();
  await expect.poll(async () => (await shippingRow(requestId)).state, { timeout: 30_000 }).toMatch(/sent|in_course/);

  await signIn(page, 'company.user');
  await page.goto(`/#/shippings/detail/${requestId}`);
  await page.getByTestId('detail-cancel').click();
  await page.getByTestId('cancel-confirm-ok').click();
  await expect
    .poll(async () => shippingRow(requestId), { timeout: 45_000 })
    .toEqual({ state: 'closed', result: 'cancelled_by_sender', situation_code: 'P00' });
  await page.reload();
  await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId('detail-cancel')).toHaveCount(0);
  const kinds = await withDatabase(async (client) => {
    const rows = await client.query<{ kind: string }>('SELECT kind FROM shipping_documents WHERE shipping_id = $1', [
      requestId,
    ]);
    return rows.rows.map((row) => row.kind);
  });
  expect(kinds).toEqual(expect.arrayContaining(['non_report', 'certificate']));
});

test('a supervisor rejects an imported shipping under review, writing the reason', async ({ page }) => {
  test.setTimeout(90_000);
  const { api } = await apiSignIn('company.admin');
  const line = (n: number) => `REF-${stamp}-${n};Aviso;Persona ${n};review.${stamp}@example.es;`;
  const csv = `\uFEFFReferencia;Asunto;Nombre;Correo electrónico;Móvil\r\n${line(1)}\r\n${line(2)}\r\n`;
  const { typeId, companyId } = await ids('Notarial notification');
  const uploaded = await api.post('/rest/services/shipping/import/import', {
    multipart: {
      companyId: String(companyId),
      typeId: String(typeId),
      channel: 'email',
      description: `review ${stamp}`,
      data: { name: 'dup.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      documents: { name: 'a.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { importId } = (await uploaded.json()) as { importId: number };
  const saved = await api.post('/rest/services/shipping/import/saveFromFile', { data: { importId } });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();
  const reviewId = await expect
    .poll(
      () =>
        withDatabase(async (client) => {
          const row = await client.query<{ id: string }>(
            "SELECT id FROM shippings WHERE import_id = $1 AND state = 'to_review'",
            [importId],
          );
          return row.rows[0]?.id ?? null;
        }),
      { timeout: 30_000 },
    )
    .not.toBeNull()
    .then(() =>
      withDatabase(async (client) => {
        const row = await client.query<{ id: string }>(
          "SELECT id FROM shippings WHERE import_id = $1 AND state = 'to_review'",
          [importId],
        );
        return Number(row.rows[0]!.id);
      }),
    );

  await signIn(page, 'company.admin');
  await page.goto(`/#/shippings/detail/${reviewId}`);
  await page.getByTestId('detail-deny').click();
  const dialog = page.getByTestId('deny-dialog');
  await expect(dialog).toContainText('supervisor');
  await expect(page.getByTestId('deny-ok')).toBeDisabled();
  await page.getByTestId('deny-comment').fill('The same person twice in one import');
  await page.getByTestId('deny-ok').click();
  await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'closed');
  expect(await shippingRow(reviewId)).toMatchObject({ result: 'supervisor_reject', situation_code: 'P00' });
  await expect(page.getByTestId('detail-events')).toContainText('The same person twice in one import');
});
