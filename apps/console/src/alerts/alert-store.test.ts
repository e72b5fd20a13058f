import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, clearAlertsOnNavigation, dismissAlert, notify, showAlert } from './alert-store.ts';

function onScreen() {
  return alerts.get().map(({ kind, key, params, persistent, fading }) => ({ kind, key, params, persistent, fading }));
}

describe('alert store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    for (const alert of alerts.get()) dismissAlert(alert.id);
  });

  it.each(['success', 'error', 'info', 'warning'] as const)('shows a %s alert with its translation key', (kind) => {
    notify[kind]('SOME_KEY');
    expect(onScreen()).toEqual([{ kind, key: 'SOME_KEY', params: undefined, persistent: false, fading: false }]);
  });

  it('keeps the alert steady for 4000 ms, fades it for 500 ms, then removes it', () => {
    notify.success('OK_UPDATE_ACCOUNT');
    vi.advanceTimersByTime(3999);
    expect(onScreen()[0]?.fading).toBe(false);
    vi.advanceTimersByTime(1);
    expect(onScreen()[0]?.fading).toBe(true);
    vi.advanceTimersByTime(499);
    expect(onScreen()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(onScreen()).toEqual([]);
  });

  it('does not show the same message (kind, key and params) twice while it is on screen', () => {
    notify.error('ERR_MAX_FILE_SIZE', { params: { size: 10 } });
    const first = alerts.get()[0]?.id;
    vi.advanceTimersByTime(3000);
    notify.error('ERR_MAX_FILE_SIZE', { params: { size: 10 } });
    expect(alerts.get().map((alert) => alert.id)).toEqual([first]);
    // The repeat did not restart the clock: the first one still leaves on time.
    vi.advanceTimersByTime(1500);
    expect(alerts.get()).toEqual([]);
  });

  it('shows the same message again once the first one has gone', () => {
    notify.error('ERR_TKN_INVALID');
    vi.advanceTimersByTime(4500);
    notify.error('ERR_TKN_INVALID');
    expect(onScreen()).toEqual([
      { kind: 'error', key: 'ERR_TKN_INVALID', params: undefined, persistent: false, fading: false },
    ]);
  });

  it('treats a message with other params or another kind as a new one that replaces the one on screen', () => {
    notify.error('ERR_MAX_FILE_SIZE', { params: { size: 10 } });
    notify.error('ERR_MAX_FILE_SIZE', { params: { size: 20 } });
    expect(onScreen().map((alert) => alert.params)).toEqual([{ size: 20 }]);
    notify.warning('ERR_MAX_FILE_SIZE', { params: { size: 20 } });
    expect(onScreen().map((alert) => alert.kind)).toEqual(['warning']);
  });

  it('holds one alert at a time: a new alert replaces the one on screen', () => {
    notify.info('FIRST');
    notify.success('SECOND');
    expect(onScreen().map((alert) => alert.key)).toEqual(['SECOND']);
  });

  it('gives the replacing alert its own full 4 s, unaffected by the timers of the replaced one', () => {
    notify.info('FIRST');
    vi.advanceTimersByTime(3000);
    notify.success('SECOND');
    vi.advanceTimersByTime(3999);
    expect(onScreen()).toEqual([
      { kind: 'success', key: 'SECOND', params: undefined, persistent: false, fading: false },
    ]);
  });

  it('clears alerts on navigation except the ones asked to persist', () => {
    showAlert('info', 'NEW_VERSION_AVAILABLE', { persistent: true });
    clearAlertsOnNavigation();
    expect(onScreen().map((alert) => alert.key)).toEqual(['NEW_VERSION_AVAILABLE']);
    notify.error('ERR_INTERNAL');
    clearAlertsOnNavigation();
    expect(onScreen()).toEqual([]);
  });

  it('dismisses an alert at once when its close link is used, and it does not come back', () => {
    notify.warning('SESSION_END_INFO');
    const id = alerts.get()[0]?.id ?? -1;
    dismissAlert(id);
    expect(onScreen()).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(onScreen()).toEqual([]);
  });

  it('lets a dismissed message be shown again right away', () => {
    notify.warning('SESSION_END_INFO');
    dismissAlert(alerts.get()[0]?.id ?? -1);
    notify.warning('SESSION_END_INFO');
    expect(onScreen().map((alert) => alert.key)).toEqual(['SESSION_END_INFO']);
  });
});
