import { guessReason } from '@sello/contracts/password-strength';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/test-i18n.ts';
import { PasswordPolicyHint } from './password-policy-hint.tsx';

const context = { minLength: 12, login: 'lucia.martin', email: 'lmartin@central.local' };

beforeAll(async () => {
  await initTestI18n('es-es');
  guessReason('warm up', []);
}, 60_000);

function ruleStates() {
  return screen.getAllByRole('listitem').map((item) => [item.textContent?.trim(), item.dataset.state]);
}

describe('PasswordPolicyHint', () => {
  it('shows the guessability rule broken, with its reason, as the user types a breached password with digits', () => {
    render(<PasswordPolicyHint password="password1234" context={{ ...context, guess: guessReason }} />);
    expect(ruleStates()).toContainEqual([
      'Difícil de adivinar (sin una contraseña común, palabra, nombre, patrón o fecha sin más): es o se parece a una contraseña conocida por filtraciones',
      'broken',
    ]);
  });

  it('turns the rule green for a passphrase', () => {
    render(<PasswordPolicyHint password="Seven amber kites over Porto" context={{ ...context, guess: guessReason }} />);
    expect(screen.getByText(/Difícil de adivinar/).closest('li')?.dataset.state).toBe('met');
    expect(screen.queryByTestId('password-guess-reason')).toBeNull();
  });

  it('leaves the rule out until the estimate has loaded', () => {
    render(<PasswordPolicyHint password="password1234" context={context} />);
    expect(screen.queryByText(/Difícil de adivinar/)).toBeNull();
  });
});
