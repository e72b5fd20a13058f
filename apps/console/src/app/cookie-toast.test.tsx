import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/test-i18n.ts';
import { CookieToast } from './cookie-toast.tsx';

const NOW = new Date('2030-03-01T10:00:00Z').getTime();
const DAY = 86_400_000;

function toastCookieSet(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith('cookies_accepted='));
}

describe('CookieToast', () => {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the policy text, the policy link and a close button', () => {
    render(<CookieToast policyUrl="https://example.com/cookies" />);
    const toast = screen.getByTestId('cookie-toast');
    expect(toast.textContent).toContain('We use only the cookies this console needs');
    expect(screen.getByText('Cookie policy').getAttribute('href')).toBe('https://example.com/cookies');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('hides itself and sets its cookie when closed', () => {
    render(<CookieToast policyUrl={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('cookie-toast')).toBeNull();
    expect(toastCookieSet()).toBe(true);
  });

  it('keeps the cookie for 30 days', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    render(<CookieToast policyUrl={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    vi.setSystemTime(NOW + 30 * DAY - 60_000);
    expect(toastCookieSet()).toBe(true);
    vi.setSystemTime(NOW + 30 * DAY + 60_000);
    expect(toastCookieSet()).toBe(false);
  });

  it('stays hidden on a later visit while the cookie exists', () => {
    const first = render(<CookieToast policyUrl={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    render(<CookieToast policyUrl={null} />);
    expect(screen.queryByTestId('cookie-toast')).toBeNull();
  });

  it('shows again once the cookie has expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const first = render(<CookieToast policyUrl={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    vi.setSystemTime(NOW + 31 * DAY);
    render(<CookieToast policyUrl={null} />);
    expect(screen.getByTestId('cookie-toast')).toBeTruthy();
  });
});
