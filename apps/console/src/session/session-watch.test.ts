import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../alerts/alert-store.ts';
import { browser } from '../lib/browser.ts';
import { onCloseAllDialogs } from '../lib/dialogs.ts';
import { makeSessionUser } from '../test/session-user.ts';
import { session } from './session-store.ts';
import { startSessionWatch } from './session-watch.ts';

vi.mock('../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));
// Only antd's imperative dialogs are touched here; the real library is slow to load and not under test.
vi.mock('antd', () => ({ Modal: { destroyAll: vi.fn() } }));

const START = Date.UTC(2030, 0, 15, 9, 0, 0);
const MINUTE = 60_000;

/** Every alert shown since the test began, in order. */
function recordAlerts() {
  const shown: { kind: string; key: string; params?: Record<string, string | number> }[] = [];
  const seen = new Set<number>();
  const unsubscribe = alerts.subscribe(() => {
    for (const alert of alerts.get()) {
      if (seen.has(alert.id)) continue;
      seen.add(alert.id);
      shown.push({ kind: alert.kind, key: alert.key, ...(alert.params && { params: alert.params }) });
    }
  });
  return { shown, unsubscribe };
}

function click() {
  document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('session watch', () => {
  let stop: () => void = () => {};
  let record: ReturnType<typeof recordAlerts>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"ok":true}')),
    );
    record = recordAlerts();
  });

  afterEach(() => {
    stop();
    record.unsubscribe();
    for (const alert of alerts.get()) dismissAlert(alert.id);
    vi.mocked(browser.reloadAt).mockClear();
    vi.unstubAllGlobals();
  });

  function watch(refresh: () => Promise<number> = vi.fn(async () => Date.now() + 5 * MINUTE)) {
    stop = startSessionWatch({ refresh, now: () => Date.now() });
    return refresh;
  }

  it('checks the expiry every 30 s, not in between', () => {
    session.start(makeSessionUser({ expiration: START + 1000 }));
    watch();
    vi.advanceTimersByTime(29_999);
    expect(browser.reloadAt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.reloadAt).toHaveBeenCalledTimes(1);
  });

  it('warns with SESSION_END_INFO at the first check with less than 60 s left', () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    watch();
    vi.advanceTimersByTime(4 * MINUTE); // exactly 60 s left: no warning yet
    expect(record.shown).toEqual([]);
    vi.advanceTimersByTime(30_000); // 30 s left
    expect(record.shown).toEqual([{ kind: 'warning', key: 'SESSION_END_INFO' }]);
  });

  it('keeps the session from the warning: its button refreshes the token and the warning goes', async () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    const refresh = watch(
      vi.fn(async () => {
        session.replaceToken('token-kept', Date.now() + 5 * MINUTE);
        return Date.now() + 5 * MINUTE;
      }),
    );
    vi.advanceTimersByTime(4 * MINUTE + 30_000);
    const warning = alerts.get().find((alert) => alert.key === 'SESSION_END_INFO');
    expect(warning?.action?.key).toBe('SESSION_KEEP');
    vi.advanceTimersByTime(10_000); // it does not fade away while the user may still press it
    expect(alerts.get().map((alert) => alert.key)).toEqual(['SESSION_END_INFO']);
    warning!.action!.run();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(alerts.get().map((alert) => alert.key)).toEqual(['OK_TOKEN_REFRESH_WITH_MINUTES']);
    vi.advanceTimersByTime(30_000);
    expect(browser.reloadAt).not.toHaveBeenCalled();
  });

  it('warns only once for the same expiration', () => {
    session.start(makeSessionUser({ expiration: START + 4 * MINUTE + 55_000 }));
    watch();
    vi.advanceTimersByTime(4 * MINUTE); // 55 s left: warning
    vi.advanceTimersByTime(30_000); // 25 s left: the first warning has gone, no second one
    expect(record.shown).toEqual([{ kind: 'warning', key: 'SESSION_END_INFO' }]);
  });

  it('warns again when a refreshed session nears its new end', () => {
    session.start(makeSessionUser({ expiration: START + 4 * MINUTE + 55_000 }));
    watch();
    vi.advanceTimersByTime(4 * MINUTE);
    session.replaceToken('token-2', START + 9 * MINUTE + 55_000);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(record.shown.filter((alert) => alert.key === 'SESSION_END_INFO')).toHaveLength(2);
  });

  it('logs out at expiry with ERR_TKN_INVALID: storage cleared, message kept for the login page, /login reloaded', () => {
    localStorage.setItem('frontendweb_host', 'https://api.example');
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    watch();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(browser.reloadAt).toHaveBeenCalledTimes(1);
    expect(browser.reloadAt).toHaveBeenCalledWith(`/login?t=${START + 5 * MINUTE}`);
    expect(JSON.parse(sessionStorage.getItem('sello_pending_alert') ?? 'null')).toEqual({
      kind: 'error',
      key: 'ERR_TKN_INVALID',
    });
    expect(session.isLoggedIn()).toBe(false);
    expect(Object.keys(localStorage)).toEqual(['frontendweb_host']);
  });

  it('closes every open dialog at expiry', () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    const closed = vi.fn();
    const stopListening = onCloseAllDialogs(closed);
    watch();
    vi.advanceTimersByTime(5 * MINUTE);
    stopListening();
    expect(closed).toHaveBeenCalled();
  });

  it('logs out only once after expiry', () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    watch();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(browser.reloadAt).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a click before half of the session time has passed', async () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    const refresh = watch();
    vi.advanceTimersByTime(2 * MINUTE + 29_000); // 2:31 left of 5:00
    click();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes once on a click after half of the session time and reports the new minutes', async () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    const refresh = watch(vi.fn(async () => Date.now() + 5 * MINUTE));
    vi.advanceTimersByTime(2 * MINUTE + 31_000); // 2:29 left of 5:00
    click();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(record.shown).toEqual([{ kind: 'success', key: 'OK_TOKEN_REFRESH_WITH_MINUTES', params: { minutes: 5 } }]);
  });

  it('refreshes only once for clicks that arrive while a refresh is under way', async () => {
    session.start(makeSessionUser({ expiration: START + 5 * MINUTE }));
    let finish: (expiration: number) => void = () => {};
    const refresh = watch(vi.fn(() => new Promise<number>((resolve) => (finish = resolve))));
    vi.advanceTimersByTime(3 * MINUTE);
    click();
    click();
    click();
    expect(refresh).toHaveBeenCalledTimes(1);
    finish(Date.now() + 5 * MINUTE);
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(record.shown.map((alert) => alert.key)).toEqual(['OK_TOKEN_REFRESH_WITH_MINUTES']);
  });

  it('stops watching once stopped', () => {
    session.start(makeSessionUser({ expiration: START + 1000 }));
    watch();
    stop();
    vi.advanceTimersByTime(MINUTE);
    expect(browser.reloadAt).not.toHaveBeenCalled();
  });
});
