import { describe, expect, it } from 'vitest';
import { landingPathAfterLogin } from './landing-path.ts';
import { redirectTarget } from './redirect-target.ts';

describe('landingPathAfterLogin', () => {
  it('returns to the remembered URL when the user may open it', () => {
    redirectTarget.remember('/types?page=2');
    expect(landingPathAfterLogin({ types: true }, false)).toBe('/types?page=2');
  });

  it('ignores a remembered URL the user may not open, landing on /home', () => {
    redirectTarget.remember('/types');
    expect(landingPathAfterLogin({ shippingList: true }, false)).toBe('/home');
  });

  it('lands a super admin on /administration when nothing usable is remembered', () => {
    expect(landingPathAfterLogin({ administration: true, shippingList: true }, true)).toBe('/administration');
  });

  it('lands on /home when nothing is remembered', () => {
    expect(landingPathAfterLogin({ shippingListOnlyAuth: true }, false)).toBe('/home');
  });
});
