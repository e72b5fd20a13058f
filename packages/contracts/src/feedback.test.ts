import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from './constants.ts';
import { dataUrlSizeKb, isFeedbackFileType, ZFeedback, ZFeedbackFile, ZFeedbackForm } from './feedback.ts';

const valid = { name: 'Ana', email: 'ana@example.com', subject: 'Broken link', msg: 'The footer link fails.' };

/** The field → messages of a failed parse. */
function errorsOf(value: unknown): Record<string, string[]> {
  const result = ZFeedbackForm.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe('ZFeedbackForm (spec §5)', () => {
  it('accepts a filled form and trims it', () => {
    expect(ZFeedbackForm.parse({ ...valid, name: '  Ana  ' }).name).toBe('Ana');
  });

  it.each([
    ['name', FEEDBACK_LIMITS.name, 200],
    ['subject', FEEDBACK_LIMITS.subject, 200],
    ['msg', FEEDBACK_LIMITS.message, 500],
  ] as const)('limits %s to %i characters', (field, limit, specLimit) => {
    expect(limit).toBe(specLimit);
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(limit) })).toEqual({});
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(limit + 1) })).toEqual({ [field]: ['ERR_FIELD_TOO_LONG'] });
  });

  it('limits the e-mail to 200 characters', () => {
    expect(FEEDBACK_LIMITS.email).toBe(200);
    const exactly200 = `${'a'.repeat(75)}@${'b'.repeat(63)}.${'c'.repeat(56)}.com`;
    expect(exactly200.length).toBe(200);
    expect(errorsOf({ ...valid, email: exactly200 })).toEqual({});
    expect(errorsOf({ ...valid, email: `a${exactly200}` }).email).toContain('ERR_FIELD_TOO_LONG');
  });

  it.each(['name', 'email', 'subject', 'msg'])('requires %s when the field is on the form', (field) => {
    expect(errorsOf({ ...valid, [field]: '' })).toEqual({ [field]: ['ERR_FIELD_REQUIRED'] });
    expect(errorsOf({ ...valid, [field]: '   ' })).toEqual({ [field]: ['ERR_FIELD_REQUIRED'] });
  });

  it.each(['name', 'subject', 'msg'])('requires %s even when absent', (field) => {
    const { [field]: _missing, ...rest } = valid as Record<string, string>;
    expect(Object.keys(errorsOf(rest))).toEqual([field]);
  });

  it('takes a report without an e-mail (spec §2: the field is shown only to a user who has one)', () => {
    const { email: _none, ...rest } = valid as Record<string, string>;
    expect(errorsOf(rest)).toEqual({});
  });

  it.each(['ana', 'ana@', 'ana@example', 'ana example@x.com'])('rejects the e-mail %j as invalid', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: ['ERR_EMAIL_INVALID'] });
  });
});

describe('feedback attachment', () => {
  it.each(['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf'])('accepts %s', (type) => {
    expect(isFeedbackFileType(type)).toBe(true);
  });

  it.each(['', 'application/zip', 'text/plain', 'application/pdfx', 'application/x-pdf', 'video/mp4', 'IMAGE/PNG'])(
    'rejects %j',
    (type) => {
      expect(isFeedbackFileType(type)).toBe(false);
    },
  );

  it('rejects a file of another type with ERR_FILE_TYPE', () => {
    const result = ZFeedbackFile.safeParse({ name: 'a.zip', type: 'application/zip', content: 'data:;base64,' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['ERR_FILE_TYPE']);
  });

  it('needs the content as a base64 data URL', () => {
    const file = { name: 'a.png', type: 'image/png' };
    expect(ZFeedbackFile.safeParse({ ...file, content: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    expect(ZFeedbackFile.safeParse({ ...file, content: 'iVBORw0KGgo=' }).success).toBe(false);
    expect(ZFeedbackFile.safeParse({ ...file, content: 'data:image/png,<svg>' }).success).toBe(false);
  });

  it('is optional in the full feedback', () => {
    expect(ZFeedback.safeParse(valid).success).toBe(true);
    expect(
      ZFeedback.safeParse({
        ...valid,
        file: { name: 'a.pdf', type: 'application/pdf', content: 'data:application/pdf;base64,JVBERi0=' },
      }).success,
    ).toBe(true);
  });
});

describe('dataUrlSizeKb', () => {
  const dataUrl = (bytes: number) => `data:application/pdf;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

  it.each([0, 1, 2, 3, 1023, 1024, 1025, 5 * 1024 * 1024])('measures %i bytes', (bytes) => {
    expect(dataUrlSizeKb(dataUrl(bytes))).toBe(bytes / 1024);
  });
});
