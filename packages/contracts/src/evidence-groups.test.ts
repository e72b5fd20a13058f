import { describe, expect, it } from 'vitest';
import { EVIDENCE_GROUPS, EVIDENCE_MAPPING, evidenceGroupOf, NON_STATE_EVENTS } from './evidence-groups.ts';
import { SHIPPING_ACTIONS, TRANSITIONS } from './shipping-lifecycle.ts';

describe('evidence groups (ETSI EN 319 522)', () => {
  it('maps every action of the lifecycle table, creation and the non-state events to a real group', () => {
    const actions = new Set<string>(['create', ...SHIPPING_ACTIONS, ...TRANSITIONS.map((row) => row.action)]);
    for (const action of [...actions, ...NON_STATE_EVENTS]) {
      expect(Object.hasOwn(EVIDENCE_MAPPING, action), action).toBe(true);
      expect(evidenceGroupOf(action).group, action).not.toBe('other');
      expect(EVIDENCE_GROUPS).toContain(evidenceGroupOf(action).group);
    }
  });

  it('puts the recipient answers and the deadline in their own groups', () => {
    expect(evidenceGroupOf('create')).toEqual({ group: 'submission', etsiEvent: 'SubmissionAcceptance' });
    expect(evidenceGroupOf('accept').group).toBe('acceptance');
    expect(evidenceGroupOf('reject').group).toBe('rejection');
    expect(evidenceGroupOf('expire').group).toBe('expiry');
    expect(evidenceGroupOf('dispatch').group).toBe('relay');
    expect(evidenceGroupOf('deliver').group).toBe('consignment');
    expect(evidenceGroupOf('opened').group).toBe('handover');
  });

  it('files a resend of the access message by the sender with the reminders', () => {
    expect(evidenceGroupOf('accessResent')).toEqual({ group: 'consignment', etsiEvent: 'NotificationForAcceptance' });
    expect(evidenceGroupOf('accessResent')).toEqual(evidenceGroupOf('reminded'));
  });

  it('sends an unknown action to the documented default, not to an error', () => {
    expect(evidenceGroupOf('somethingNew')).toEqual({ group: 'other', etsiEvent: null });
    expect(evidenceGroupOf('toString')).toEqual({ group: 'other', etsiEvent: null });
  });
});
