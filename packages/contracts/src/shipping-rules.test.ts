import { describe, expect, it } from 'vitest';
import { mayResendAccess } from './shipping-rules.ts';

describe('mayResendAccess: sending the access again', () => {
  const sender = { shippingList: true, newSend: true, editMode: true } as const;
  const travelling = { state: 'sent', deleted: false, service: 'notification', channel: 'email' } as const;

  it('is offered to a sender on a shipping in sent or in course over e-mail, SMS or WhatsApp', () => {
    for (const state of ['sent', 'in_course'] as const)
      for (const channel of ['email', 'sms', 'whatsapp'] as const)
        expect(mayResendAccess({ ...travelling, state, channel }, sender), `${state} ${channel}`).toBe(true);
  });

  it('is not offered before or after the shipping travels, nor on a deleted one', () => {
    for (const state of ['pending_auth', 'pending_to_send', 'not_send_error', 'cancel_pending', 'closed'] as const)
      expect(mayResendAccess({ ...travelling, state }, sender), state).toBe(false);
    expect(mayResendAccess({ ...travelling, deleted: true }, sender)).toBe(false);
  });

  it('is not offered for postal, on screen or certified kinds', () => {
    expect(mayResendAccess({ ...travelling, channel: 'postal' }, sender)).toBe(false);
    expect(mayResendAccess({ ...travelling, channel: 'onscreen' }, sender)).toBe(false);
    expect(mayResendAccess({ ...travelling, service: 'certified_email' }, sender)).toBe(false);
    expect(mayResendAccess({ ...travelling, service: 'certified_sms', channel: 'sms' }, sender)).toBe(false);
  });

  it('is not offered to a user who may not send', () => {
    expect(mayResendAccess(travelling, { shippingList: true, editMode: true } as const)).toBe(false);
  });
});
