import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { draftValuesOf } from './use-form-draft.tsx';

describe('draftValuesOf', () => {
  it('keeps what was typed, nested lists included, and drops secrets, dates, files and empty values', () => {
    const kept = draftValuesOf(
      {
        subject: 'Aviso',
        reference: '',
        receivers: [{ name: 'Lucía', email: 'lucia@example.es', postal: { city: 'Madrid', street: '' } }],
        currentPassword: 'secret-1',
        newPassword: 'secret-2',
        certificate: { privateKey: '-----BEGIN', alias: 'main' },
        validUntil: dayjs('2026-12-31'),
        logo: new Blob(['x']),
        custodyDays: 30,
        active: false,
        ignored: 'x',
      },
      ['ignored'],
    );
    expect(kept).toEqual({
      subject: 'Aviso',
      receivers: [{ name: 'Lucía', email: 'lucia@example.es', postal: { city: 'Madrid' } }],
      certificate: { alias: 'main' },
      custodyDays: 30,
      active: false,
    });
  });
});
