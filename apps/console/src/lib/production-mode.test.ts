import { describe, expect, it } from 'vitest';
import { isProductionMode } from './production-mode.ts';

describe('production mode (spec §9)', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '::1', '[::1]', 'console.localhost'])('is off on %s', (host) => {
    expect(isProductionMode(host)).toBe(false);
  });

  it.each(['sello.example.com', '10.0.0.5', 'localhost.example.com'])('is on on %s', (host) => {
    expect(isProductionMode(host)).toBe(true);
  });
});
