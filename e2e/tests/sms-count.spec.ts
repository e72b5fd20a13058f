import { expect, test } from '@playwright/test';
import splitSms from 'split-sms';
import { outboxBodies } from './delivery-helpers.ts';
import { acceptCookies, chooseLanguageFromUserMenu, type Language, signIn } from './helpers.ts';
import { openForm } from './shipping-form.ts';

// The SMS count of the new-shipping form is the count of the SMS the provider gets: the message the outbox
// holds is split by an independent library (split-sms) here and must give the segments shown on screen.

const MESSAGES: Record<Language, string> = {
  'es-es':
    'Su cita es mañana a las 10:00 en la calle Príncipe, 12. Traiga el DNI y la carta que recibió. Si no puede venir, llame al número de la oficina.',
  'en-en':
    'Your appointment is tomorrow at 10:00 at 12 Prince Street. Bring your ID card and the letter you received [ref] ~ if you cannot come, call us.',
  'pt-pt':
    'A sua consulta é amanhã às 10:00 na Rua do Príncipe, 12. Traga o cartão de cidadão e a carta que recebeu. Se não puder vir, ligue para a receção.',
};

const SMS_CHANNEL = /^SMS$/;

test.describe('new-shipping SMS count', () => {
  test.describe.configure({ timeout: 180_000 });

  // The language chosen is stored in company.user's account, which the other specs expect Spanish: Spanish last.
  for (const language of ['pt-pt', 'en-en', 'es-es'] as const) {
    test(`${language}: the count on screen equals the segments of the SMS the outbox holds`, async ({ page }) => {
      const mobile = `+3466${String(Date.now()).slice(-7)}`;
      await signIn(page, 'company.user');
      await acceptCookies(page);
      // Choosing a language stores it in the account, then goes home: the form is opened after that.
      if (!(await page.locator('html').getAttribute('lang'))?.startsWith(language.slice(0, 2))) {
        const stored = page.waitForResponse((response) => response.url().includes('account/users/updateLanguage'));
        await chooseLanguageFromUserMenu(page, language);
        await stored;
        await expect(page).toHaveURL(/#\/home/);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.slice(0, 2)}-`, 'i'));
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await openForm(page, 'Certified SMS', SMS_CHANNEL);
      await page.getByTestId('create-subject').fill(`SMS count ${language}`);
      await page.getByTestId('create-message').fill(MESSAGES[language]);
      await page.getByTestId('receiver-name-0').fill('Zoë Martín');
      await page.getByTestId('receiver-mobile-0').fill(mobile);

      const count = page.getByTestId('create-sms-count-text');
      const shown = page.getByTestId('create-sms-text');
      await expect(shown).toContainText(MESSAGES[language]);
      // The count settles once the server has answered for the form as it stands.
      await expect(page.getByTestId('create-sms-count')).toHaveAttribute('aria-busy', 'false');
      const onScreen = {
        segments: Number(await count.getAttribute('data-segments')),
        encoding: await count.getAttribute('data-encoding'),
        text: await shown.textContent(),
      };
      await expect(count).toContainText(`${onScreen.segments} SMS`);

      await page.getByTestId('create-submit').click();
      let sent = '';
      await expect
        .poll(
          async () => {
            [sent = ''] = await outboxBodies(mobile.replace(/\s/g, ''), 'access');
            return sent;
          },
          { timeout: 60_000, message: `the SMS to ${mobile} in the outbox` },
        )
        .not.toBe('');
      const reference = splitSms.split(sent);
      expect(sent).toBe(onScreen.text);
      expect(onScreen.segments).toBe(reference.parts.length);
      expect(onScreen.encoding).toBe(reference.characterSet === 'GSM' ? 'GSM7' : 'UCS2');
    });
  }
});
