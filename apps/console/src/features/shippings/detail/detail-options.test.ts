import { describe, expect, it } from 'vitest';
import { formatBytes, offeredDownloadOptions, offersAccessResend } from './detail-options.ts';

describe('detail download options', () => {
  it('offers only the options with stored files, pack whenever there is any file', () => {
    expect(offeredDownloadOptions([])).toEqual([]);
    expect(offeredDownloadOptions([{ kind: 'original' }, { kind: 'certificate' }])).toEqual([
      'original',
      'certificate',
      'pack',
    ]);
    expect(offeredDownloadOptions([{ kind: 'identity' }])).toEqual(['pack']);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('send the access again', () => {
  const sender = { shippingList: true, newSend: true, editMode: true } as const;
  const travelling = { state: 'sent', deleted: false, service: 'notification', channel: 'email' } as const;

  it('is offered to a sender on a shipping in sent or in course over e-mail, SMS or WhatsApp', () => {
    for (const state of ['sent', 'in_course'] as const)
      for (const channel of ['email', 'sms', 'whatsapp'] as const)
        expect(offersAccessResend({ ...travelling, state, channel }, sender), `${state} ${channel}`).toBe(true);
  });

  it('is not offered before or after the shipping travels, nor on a deleted one', () => {
    for (const state of ['pending_auth', 'pending_to_send', 'not_send_error', 'cancel_pending', 'closed'] as const)
      expect(offersAccessResend({ ...travelling, state }, sender), state).toBe(false);
    expect(offersAccessResend({ ...travelling, deleted: true }, sender)).toBe(false);
  });

  it('is not offered for postal, on screen or certified kinds', () => {
    expect(offersAccessResend({ ...travelling, channel: 'postal' }, sender)).toBe(false);
    expect(offersAccessResend({ ...travelling, channel: 'onscreen' }, sender)).toBe(false);
    expect(offersAccessResend({ ...travelling, service: 'certified_email' }, sender)).toBe(false);
    expect(offersAccessResend({ ...travelling, service: 'certified_sms', channel: 'sms' }, sender)).toBe(false);
  });

  it('is not offered to a user who may not send', () => {
    expect(offersAccessResend(travelling, { shippingList: true, editMode: true } as const)).toBe(false);
  });
});
