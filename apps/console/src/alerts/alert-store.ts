import { ALERT_TIMING } from '@sello/contracts/constants';
import { createStore } from '../lib/create-store.ts';

export type AlertKind = 'success' | 'error' | 'info' | 'warning';

export type TAlert = {
  id: number;
  kind: AlertKind;
  /** Translation key. */
  key: string;
  params?: Record<string, string | number>;
  /** Survives navigation. */
  persistent: boolean;
  /** True during the last 0.5 s, while the alert fades out. */
  fading: boolean;
  /** A button in the alert: its label's translation key and what it does. */
  action?: TAlertAction;
};

export type TAlertAction = { key: string; run: () => void };

export type TShowOptions = {
  params?: Record<string, string | number>;
  persistent?: boolean;
  action?: TAlertAction;
  /** Stays until closed or replaced, instead of fading after 4 s (an alert with a button to press). */
  sticky?: boolean;
};

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

export const alerts = createStore<readonly TAlert[]>([]);

function sameMessage(a: Pick<TAlert, 'kind' | 'key' | 'params'>, b: Pick<TAlert, 'kind' | 'key' | 'params'>) {
  return a.kind === b.kind && a.key === b.key && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});
}

export function dismissAlert(id: number): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
  alerts.set(alerts.get().filter((alert) => alert.id !== id));
}

/** Takes off the screen every alert with the translation key (a warning whose cause has gone). */
export function dismissAlertsWithKey(key: string): void {
  for (const alert of alerts.get()) if (alert.key === key) dismissAlert(alert.id);
}

/**
 * Shows an alert for 4 s, then fades it for 0.5 s. The message area holds one alert at a time: a new
 * one replaces the one on screen, and the same message already on screen is not shown twice.
 */
export function showAlert(kind: AlertKind, key: string, options: TShowOptions = {}): void {
  const candidate = { kind, key, params: options.params };
  if (alerts.get().some((alert) => sameMessage(alert, candidate))) return;
  for (const alert of alerts.get()) dismissAlert(alert.id);
  const id = nextId++;
  const alert: TAlert = { id, ...candidate, persistent: options.persistent ?? false, fading: false };
  alerts.set([...alerts.get(), options.action ? { ...alert, action: options.action } : alert]);
  if (options.sticky) return;
  const fade = setTimeout(() => {
    alerts.set(alerts.get().map((alert) => (alert.id === id ? { ...alert, fading: true } : alert)));
  }, ALERT_TIMING.durationMs);
  const remove = setTimeout(() => dismissAlert(id), ALERT_TIMING.durationMs + ALERT_TIMING.fadeMs);
  timers.set(id, [fade, remove]);
}

/** Navigation clears every alert that was not asked to persist. */
export function clearAlertsOnNavigation(): void {
  for (const alert of alerts.get()) if (!alert.persistent) dismissAlert(alert.id);
}

export const notify = {
  success: (key: string, options?: TShowOptions) => showAlert('success', key, options),
  error: (key: string, options?: TShowOptions) => showAlert('error', key, options),
  info: (key: string, options?: TShowOptions) => showAlert('info', key, options),
  warning: (key: string, options?: TShowOptions) => showAlert('warning', key, options),
};
