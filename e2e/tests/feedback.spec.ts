import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../e2e-env.ts';
import { acceptCookies, alertsWithKey, signIn, translate, withDatabase } from './helpers.ts';

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const USER = { login: 'company.user', name: 'Javier Ruiz', email: 'company.user@sello.local' };

/** Signs in, opens /account and its light footer's report-error link; returns the dialog. */
async function openContactFromAccount(page: Page) {
  await signIn(page, USER.login);
  await page.goto('/#/account');
  await acceptCookies(page);
  await expect(page.getByTestId('footer-signed-in')).toBeVisible();
  await page.getByTestId('report-error').click();
  const dialog = page.getByRole('dialog', { name: translate('es-es', 'FEEDBACK_TITLE') });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Errors antd shows (not those fading out) under form items. */
const SHOWN_ERROR = '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)';

/** The error antd shows under the form item that holds `testId`. */
function fieldError(page: Page, testId: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator(SHOWN_ERROR);
}

test('the Contact dialog opens prefilled from the report-error link and Send waits for a valid form', async ({
  page,
}) => {
  const dialog = await openContactFromAccount(page);
  const send = page.getByTestId('feedback-send');

  // No request on /account, so the identifier is a fresh guid.
  const identifier = page.getByTestId('feedback-identifier');
  await expect(identifier).toHaveValue(UUID);
  await expect(identifier).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('feedback-name')).toHaveValue(USER.name);
  await expect(page.getByTestId('feedback-email')).toHaveValue(USER.email);
  await expect(page.getByTestId('feedback-subject')).toHaveValue('');
  await expect(page.getByTestId('feedback-counter')).toHaveText('0/500');
  await expect(send).toBeDisabled();

  // Subject and message are required; blanks do not count.
  await page.getByTestId('feedback-subject').fill('   ');
  await page.getByTestId('feedback-message').fill('The export button does nothing.');
  await expect(page.getByTestId('feedback-counter')).toHaveText('31/500');
  await expect(send).toBeDisabled();
  await expect(fieldError(page, 'feedback-subject')).toHaveText(translate('es-es', 'ERR_FIELD_REQUIRED'));
  await page.getByTestId('feedback-subject').fill('Export');
  await expect(fieldError(page, 'feedback-subject')).toHaveCount(0);
  await expect(send).toBeEnabled();

  await page.getByTestId('feedback-message').fill('');
  await expect(page.getByTestId('feedback-counter')).toHaveText('0/500');
  await expect(send).toBeDisabled();
  await expect(fieldError(page, 'feedback-message')).toHaveText(translate('es-es', 'ERR_FIELD_REQUIRED'));

  // The message stops at 500 characters.
  await page.getByTestId('feedback-message').fill('x'.repeat(600));
  await expect(page.getByTestId('feedback-counter')).toHaveText('500/500');
  await expect(page.getByTestId('feedback-message')).toHaveValue('x'.repeat(500));
  await expect(send).toBeEnabled();

  // An invalid e-mail disables Send and says why.
  await page.getByTestId('feedback-email').fill('javier.ruiz@');
  await expect(send).toBeDisabled();
  await expect(fieldError(page, 'feedback-email')).toHaveText(translate('es-es', 'ERR_EMAIL_INVALID'));
  await page.getByTestId('feedback-email').fill('');
  await expect(send).toBeDisabled();
  await expect(fieldError(page, 'feedback-email')).toHaveText(translate('es-es', 'ERR_FIELD_REQUIRED'));
  await page.getByTestId('feedback-email').fill('javier.ruiz@example.com');
  await expect(send).toBeEnabled();

  // Cancel closes it; opening it again starts afresh.
  await page.getByTestId('feedback-cancel').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('report-error').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('feedback-subject')).toHaveValue('');
  await expect(page.getByTestId('feedback-email')).toHaveValue(USER.email);
  await expect(page.getByTestId('feedback-identifier')).toHaveValue(UUID);
  await expect(dialog.locator(SHOWN_ERROR)).toHaveCount(0);
  await expect(send).toBeDisabled();
});

test('a text file is refused, a PNG is kept once, and the report is stored with it', async ({ page }) => {
  const dialog = await openContactFromAccount(page);
  const guid = await page.getByTestId('feedback-identifier').inputValue();
  const subject = `Attachment check ${Date.now()}`;
  await page.getByTestId('feedback-subject').fill(subject);
  await page.getByTestId('feedback-message').fill('The screenshot shows the problem.');

  // Dropping a text file: ERR_FILE_TYPE with the allowed types, and nothing listed.
  const textDrop = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    return transfer;
  });
  const dropHint = dialog.getByText(translate('es-es', 'FEEDBACK_DROP_HINT'));
  await dropHint.dispatchEvent('dragover', { dataTransfer: textDrop });
  await dropHint.dispatchEvent('drop', { dataTransfer: textDrop });
  const typeError = alertsWithKey(page, 'ERR_FILE_TYPE');
  await expect(typeError).toHaveAttribute('data-testid', 'alert-error');
  await expect(typeError).toContainText(translate('es-es', 'ERR_FILE_TYPE', { types: 'image/*, application/pdf' }));
  await expect(page.getByTestId('feedback-files')).toHaveCount(0);

  // Choosing a text file through the picker is refused the same way.
  const picker = dialog.locator('input[type="file"]');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(page.getByTestId('feedback-files')).toHaveCount(0);

  // The same PNG chosen twice is listed once.
  expect(PNG.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  await picker.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('feedback-files').locator('li')).toHaveCount(1);
  await picker.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('feedback-files').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('feedback-files')).toContainText('pixel.png');

  const sent = page.waitForResponse((response) => response.url().includes('/configuration/sendFeedback'));
  await page.getByTestId('feedback-send').click();
  expect((await sent).status()).toBe(200);
  await expect(dialog).toBeHidden();
  const ok = alertsWithKey(page, 'SEND_FEEDBACK_OK');
  await expect(ok).toHaveAttribute('data-testid', 'alert-success');
  await expect(ok).toContainText(translate('es-es', 'SEND_FEEDBACK_OK'));

  const row = await withDatabase(async (client) => {
    const { rows } = await client.query(
      `SELECT f.name, f.email, f.subject, f.msg, f.current_url, f.guid, f.request_cid, f.file_name, f.file_type,
              f.file_content, f.file_key, f.device_info, f.resolution, u.username
       FROM feedback f LEFT JOIN users u ON u.id = f.user_id
       WHERE f.subject = $1`,
      [subject],
    );
    return rows;
  });
  expect(row).toHaveLength(1);
  expect(row[0]).toMatchObject({
    name: USER.name,
    email: USER.email,
    subject,
    msg: 'The screenshot shows the problem.',
    current_url: `${E2E.baseUrl}/#/account`,
    guid,
    request_cid: null,
    file_name: 'pixel.png',
    file_type: 'image/png',
    username: USER.login,
  });
  // Kept in the blob store (the server's DATA_DIR/files), named by its SHA-256, not in the row.
  const key = createHash('sha256').update(PNG).digest('hex');
  expect(row[0]).toMatchObject({ file_content: null, file_key: key });
  const stored = await readFile(path.join(REPO_ROOT, '.test-data/e2e-db/files', key.slice(0, 2), key.slice(2, 4), key));
  expect(Buffer.compare(stored, PNG)).toBe(0);
  expect(row[0].device_info).toContain('Chrome');
  expect(row[0].resolution).toMatch(/^\d+x\d+$/);
});

test('a failed send still closes the dialog with SEND_FEEDBACK_OK', async ({ page }) => {
  await page.route('**/rest/services/configuration/sendFeedback', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ key: 'ERR_INTERNAL' }) }),
  );
  const dialog = await openContactFromAccount(page);
  await page.getByTestId('feedback-subject').fill('Server down');
  await page.getByTestId('feedback-message').fill('It failed.');
  await page.getByTestId('feedback-send').click();
  await expect(dialog).toBeHidden();
  await expect(alertsWithKey(page, 'SEND_FEEDBACK_OK')).toBeVisible();
  await expect(alertsWithKey(page, 'ERR_INTERNAL')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/account$/);
});
