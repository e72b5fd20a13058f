import { accountApi } from '@sello/contracts/catalogue/account';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, clearAlertsOnNavigation, dismissAlert } from '../alerts/alert-store.ts';
import { callEndpoint } from '../api/http-client.ts';
import { session } from '../session/session-store.ts';
import { makeSessionUser } from '../test/session-user.ts';
import { changeLanguage } from './change-language.ts';
import { detectLanguage } from './language.ts';

vi.mock('../api/http-client.ts', () => ({ callEndpoint: vi.fn() }));

const shown = () => alerts.get().map((alert) => `${alert.kind}:${alert.key}`);

describe('changeLanguage', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.spyOn(i18next, 'changeLanguage').mockResolvedValue(i18next.t);
    vi.mocked(callEndpoint).mockResolvedValue({ ok: true });
  });

  afterEach(() => {
    for (const alert of alerts.get()) dismissAlert(alert.id);
    navigate.mockReset();
    vi.mocked(callEndpoint).mockReset();
    vi.restoreAllMocks();
  });

  it('switches the console language and remembers it in the lang cookie', async () => {
    await changeLanguage('pt-pt', navigate, { loggedIn: false, permissions: {} });
    expect(i18next.changeLanguage).toHaveBeenCalledWith('pt-pt');
    expect(document.cookie.split('; ')).toContain('lang=pt-pt');
    expect(detectLanguage('en-GB')).toBe('pt-pt');
  });

  it('does not call the server nor navigate when nobody is logged in', async () => {
    await changeLanguage('en-en', navigate, { loggedIn: false, permissions: {} });
    expect(callEndpoint).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('saves the language in the account when logged in', async () => {
    session.start(makeSessionUser({ language: 'es-es' }));
    await changeLanguage('en-en', navigate, { loggedIn: true, permissions: { shippingList: true } });
    expect(callEndpoint).toHaveBeenCalledWith(accountApi.updateLanguage, { body: { language: 'en-en' } });
    expect(session.user()?.language).toBe('en-en');
    expect(shown()).toEqual([]);
  });

  it('shows KO_UPDATE_ACCOUNT when the account cannot be updated, and keeps the new language', async () => {
    session.start(makeSessionUser({ language: 'es-es' }));
    vi.mocked(callEndpoint).mockRejectedValue(new Error('500 - Internal Server Error'));
    // The console's router clears alerts on each navigation, as the shell does.
    navigate.mockImplementation(() => clearAlertsOnNavigation());
    await changeLanguage('en-en', navigate, { loggedIn: true, permissions: { shippingList: true } });
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(shown()).toEqual(['error:KO_UPDATE_ACCOUNT']);
    expect(document.cookie.split('; ')).toContain('lang=en-en');
    expect(session.user()?.language).toBe('es-es');
  });

  it('goes to /home afterwards with the shipping-list permission', async () => {
    await changeLanguage('en-en', navigate, { loggedIn: true, permissions: { shippingList: true } });
    expect(navigate).toHaveBeenCalledWith('/home');
  });

  it('goes to /administration afterwards without the shipping-list permission', async () => {
    await changeLanguage('en-en', navigate, { loggedIn: true, permissions: { administration: true } });
    expect(navigate).toHaveBeenCalledWith('/administration');
  });

  it('still leaves the page after a failed account update', async () => {
    vi.mocked(callEndpoint).mockRejectedValue(new Error('boom'));
    await changeLanguage('en-en', navigate, { loggedIn: true, permissions: { shippingList: true } });
    expect(navigate).toHaveBeenCalledWith('/home');
  });
});
