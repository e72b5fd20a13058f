import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { acceptCookies, alertsWithKey, apiSignIn, setPreferences, signIn } from './helpers.ts';
import { EMAIL, openForm, pick, pickShown } from './shipping-form.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const stamp = Date.now().toString(36).toUpperCase();
const reference = (index: number) => `E2E-${stamp}-${index}`;

async function createShipping(page: Page, index: number, type: string, channel: string | RegExp) {
  const sms = String(channel) === String(/^SMS$/);
  await openForm(page, type, channel);
  await page.getByTestId('create-reference').fill(reference(index));
  await page.getByTestId('create-subject').fill(`E2E shipping ${index}`);
  await page.getByTestId('receiver-name-0').fill(`Receiver ${index}`);
  await page.getByTestId('receiver-mobile-0').fill('+34612345678');
  await page.getByTestId('receiver-document-0').fill('12345678Z');
  if (sms) {
    // A certified SMS carries no documents: the form offers none (the server refuses them).
    await expect(page.getByTestId('create-documents-none')).toBeVisible();
    await expect(page.getByTestId('create-documents')).toHaveCount(0);
  } else {
    await page.getByTestId('receiver-email-0').fill(`receiver${index}@example.com`);
    await page
      .locator('.shipping-create .ant-upload input[type=file]')
      .setInputFiles({ name: `document-${index}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  }
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
  return Number(page.url().split('/').pop());
}

/** `count` small PDFs named from `prefix`. */
function pdfFiles(prefix: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: `${prefix}-${index}.pdf`,
    mimeType: 'application/pdf',
    buffer: PDF,
  }));
}

/** The list filtered by free text (kept in the URL). */
async function search(page: Page, path: string, text: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.getByTestId('shippings-search').locator('input').fill(text);
  await page.getByTestId('shippings-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.shippings-list .ant-spin-spinning')).toHaveCount(0);
  // The unfiltered list may still be on screen until the searched one replaces it.
  const rows = page.locator('.shippings-list tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: text })).toHaveCount(0);
}

test.describe
  .serial('shippings', () => {
    const ids: number[] = [];

    test('creates shippings of three kinds through the form', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'company.admin');
      await acceptCookies(page);
      ids.push(await createShipping(page, 1, 'Deed acceptance', EMAIL));
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'pending_auth');
      ids.push(await createShipping(page, 2, 'Certified SMS', /^SMS$/));
      // The type's SMS template in the receiver's language (the sender's, Spanish), its placeholder filled.
      await expect(page.getByTestId('detail-body')).toContainText(
        'Notaría Central S.L.: tiene un aviso certificado. Abra el enlace para leerlo.',
      );
      ids.push(await createShipping(page, 3, 'Notarial notification', EMAIL));
      expect(new Set(ids).size).toBe(3);
    });

    test('finds a shipping with filters and opens its detail', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', reference(2));
      await expect(page.getByTestId(`row-${ids[1]}`)).toBeVisible();
      await expect(page.getByTestId(`shipping-link-${ids[0]}`)).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId(`shipping-link-${ids[1]}`)).toBeVisible();
      await page.getByTestId(`shipping-link-${ids[1]}`).click();
      await expect(page.getByTestId('shipping-detail')).toBeVisible();
      await expect(page.getByTestId('detail-data')).toContainText(reference(2));
      await expect(page.getByTestId('detail-events')).toBeVisible();
    });

    test('an authoriser authorises one shipping and denies another', async ({ page }) => {
      await signIn(page, 'company.manager');
      await page.goto(`/#/shippings?view=auth&q=${reference(1)}`);
      await page.getByTestId(`select-${ids[0]}`).check();
      await page.getByTestId('batch-authorize').click();
      await expect(page.getByTestId(`outcome-${ids[0]}`)).toHaveAttribute('data-ok', 'true');

      await page.goto('/#/shippings?view=auth&q=DEED-303');
      // The previous search's rows stay on screen until this one's arrive.
      const link = page.locator('tr', { hasText: 'DEED-303' }).locator('[data-testid^="shipping-link-"]').first();
      await link.click();
      await page.getByTestId('detail-deny').click();
      await page.getByTestId('deny-ok').click();
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'no_auth');
    });

    test('deletes two shippings in a batch and recovers one', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', 'DEED-30');
      const rows = page.locator('tr', { has: page.locator('[data-state="pending_auth"]'), hasText: 'DEED-30' });
      await expect(rows.first()).toBeVisible();
      const chosen: number[] = [];
      for (let index = 0; index < 2; index++) {
        const row = rows.nth(index);
        chosen.push(Number(await row.locator('[data-testid^="shipping-link-"]').innerText()));
        await row.locator('input[type=checkbox]').check({ force: true });
      }
      await expect(page.getByTestId('shippings-selected-count')).toContainText('2');
      await page.getByTestId('batch-delete').click();
      await page.getByTestId('confirm-ok').click();
      for (const id of chosen) await expect(page.getByTestId(`outcome-${id}`)).toHaveAttribute('data-ok', 'true');

      await page.goto(`/#/shippings/detail/${chosen[0]}`);
      await expect(page.getByTestId('detail-state')).toBeVisible();
    });

    test('exports the list to Excel', async ({ page }) => {
      await signIn(page, 'company.admin');
      await search(page, '/shippings/all', `E2E-${stamp}`);
      // The list shows what the export will hold: only the shippings the search found (none of the demo ones).
      await expect(page.locator('.shippings-list .ant-table-row')).toHaveCount(3);
      const download = page.waitForEvent('download');
      await page.getByTestId('shippings-export').locator('button').click();
      const file = await (await download).path();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0];
      expect(sheet).toBeDefined();
      const cells: string[] = [];
      sheet?.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.value));
        });
      });
      for (const index of [1, 2, 3]) expect(cells).toContain(reference(index));
      expect(cells).not.toContain('DEED-303');
    });

    test('fills the subject from a template, sends categories and languages; the API can recover it', async ({
      page,
    }) => {
      await signIn(page, 'company.admin');
      await acceptCookies(page);
      await openForm(page, 'Notarial notification', EMAIL);
      // The type's template in the receiver's language (the sender's, Spanish) is chosen for the sender.
      await expect(page.getByTestId('create-subject')).toHaveValue('Notificación notarial');
      // The template's HTML never lands in the sender's message; the form says the template leaves it out.
      await expect(page.getByTestId('create-message')).toHaveValue('');
      await expect(page.getByTestId('create-message-use')).toContainText('Esta plantilla no incluye su mensaje');
      await pick(page, 'create-template', 'Acceptance request', 'Acceptance');
      await expect(page.getByTestId('create-subject')).toHaveValue('Document awaiting your acceptance');
      await expect(page.getByTestId('create-message')).toHaveValue('');
      // Every placeholder must be filled: {{company}} is, by the company's name (an unknown one is refused).
      await page.getByTestId('create-message').fill('<p>{{company}} sends you the payslip of March.</p>');
      await page.getByTestId('create-reference').fill(reference(4));
      await page.getByTestId('receiver-name-0').fill('Receiver 4');
      await page.getByTestId('receiver-email-0').fill('receiver4@example.com');
      // The receiver is written to in the sender's language unless another one is chosen.
      await expect(page.getByTestId('receiver-language-0')).toContainText('Español');
      await pickShown(page, 'receiver-language-0', 'Português');
      await page.locator('.shipping-create .ant-upload input[type=file]').setInputFiles(pdfFiles('payslip', 1));
      await pick(page, 'document-category-0', /^Nómina$/);
      // An authoriser keeps it pending, so it can be deleted and recovered below.
      await pick(page, 'create-authorisers', 'Marta Lopes');
      await page.keyboard.press('Escape');
      await page.getByTestId('create-submit').click();
      await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
      const id = Number(page.url().split('/').pop());
      await expect(page.getByTestId('detail-body')).toContainText('Notaría Central S.L. sends you the payslip');
      await expect(page.getByTestId('detail-state')).toHaveAttribute('data-state', 'pending_auth');

      const { api } = await apiSignIn('company.admin');
      try {
        const detail = await (await api.get(`/rest/services/shippings/shippingdetail?requestId=${id}`)).json();
        expect(detail.subject).toBe('Document awaiting your acceptance');
        expect(detail.templateId).toEqual(expect.any(Number));
        expect(detail.receivers[0].language).toBe('pt-pt');
        expect(detail.documents[0]).toMatchObject({ name: 'payslip-0.pdf', category: 'PAYROLL' });
        // Unsafe calls carry the XSRF header too: delete and recover through the API.
        expect((await api.delete(`/rest/services/shippings/delete/${id}`)).status()).toBe(200);
        await page.reload();
        await expect(page.getByTestId('detail-state')).toBeVisible();
        expect((await api.put(`/rest/services/shippings/recover/${id}`)).status()).toBe(200);
        const recovered = await (await api.get(`/rest/services/shippings/shippingdetail?requestId=${id}`)).json();
        expect(recovered.deletedAt ?? null).toBeNull();
      } finally {
        await api.dispose();
      }
    });

    test('copies a shipping with its receivers and documents, which the copy sends again', async ({ page }) => {
      await signIn(page, 'company.admin');
      await acceptCookies(page);
      const source = ids[2]!;
      await page.goto(`/#/shippings/create/${source}`);
      await expect(page.getByTestId('create-reference')).toHaveValue(reference(3));
      await expect(page.getByTestId('receiver-name-0')).toHaveValue('Receiver 3');
      await expect(page.locator('.shipping-file')).toHaveCount(1);
      await expect(page.locator('.shipping-file')).toContainText('document-3.pdf');
      await page.getByTestId('create-reference').fill(reference(5));
      await page.getByTestId('create-submit').click();
      await expect(page).toHaveURL(/#\/shippings\/detail\/\d+$/);
      const copy = Number(page.url().split('/').pop());
      expect(copy).not.toBe(source);

      const { api } = await apiSignIn('company.admin');
      try {
        const read = async (id: number) =>
          (await api.get(`/rest/services/shippings/shippingdetail?requestId=${id}`)).json();
        const [original, copied] = [await read(source), await read(copy)];
        expect(copied.reference).toBe(reference(5));
        expect(copied.receivers.map((receiver: { name: string }) => receiver.name)).toEqual(['Receiver 3']);
        // The same bytes, stored again for the copy (its originals: the dispatch adds sent copies to either).
        const originals = (shipping: { documents: { kind: string; sha256: string }[] }) =>
          shipping.documents.filter((document) => document.kind === 'original').map((document) => document.sha256);
        expect(originals(copied)).toEqual(originals(original));
        expect(originals(copied)).toHaveLength(1);
      } finally {
        await api.dispose();
      }
    });

    test('a double acceptance opens with its two receivers and takes no third', async ({ page }) => {
      await signIn(page, 'company.admin');
      await acceptCookies(page);
      await openForm(page, 'Joint deed acceptance', EMAIL);
      await expect(page.locator('.shipping-receiver')).toHaveCount(2);
      await expect(page.getByTestId('receiver-add')).toBeDisabled();
      await expect(page.getByTestId('receiver-remove-0')).toHaveCount(0);
    });

    test('refuses files over the configured size and scrolls the documents from 15 files', async ({ page }) => {
      const restore = await setPreferences({ FILE_UPLOAD_MAX_SIZE: '1' });
      try {
        await signIn(page, 'company.admin');
        await acceptCookies(page);
        await openForm(page, 'Notarial notification', EMAIL);
        await expect(page.getByTestId('shipping-create')).toContainText('1 KB');
        const upload = page.locator('.shipping-create .ant-upload input[type=file]');
        await upload.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2048, PDF) });
        await expect(alertsWithKey(page, 'ERR_MAX_FILE_SIZE')).toBeVisible();
        await expect(page.locator('.shipping-create .ant-upload-list')).not.toContainText('big.pdf');

        await upload.setInputFiles(pdfFiles('page', 14));
        await expect(page.locator('.shipping-file')).toHaveCount(14);
        await expect(page.locator('.shipping-files-scroll')).toHaveCount(0);
        await upload.setInputFiles(pdfFiles('more', 1));
        await expect(page.locator('.shipping-file')).toHaveCount(15);
        await expect(page.locator('.shipping-files-scroll .ant-upload-list')).toHaveCSS('overflow-y', 'auto');
      } finally {
        await setPreferences(restore);
      }
    });
  });
