import { describe, expect, it } from 'vitest';
import { receiverDocumentError, serverFieldName, toSendRequest, validateSendRequest } from './send-form.ts';

const base = {
  companyId: 1,
  typeId: 2,
  channel: 'email' as const,
  subject: 'Contract',
  receivers: [{ receiverType: 1 as const, name: 'Ana Gil', email: 'ana@example.com', documentNumber: '' }],
};

describe('new-shipping form', () => {
  it('builds the request, leaving empty optional fields out', () => {
    const request = toSendRequest(
      { ...base, reference: '  ', customFields: [{ name: 'dept', value: 'HR' }, { name: '' }], metaProperties: [] },
      [{ name: 'a.pdf', category: 'UNSPECIFIED', content: 'data:application/pdf;base64,AA==' }],
    );
    expect(request).toEqual({
      companyId: 1,
      typeId: 2,
      channel: 'email',
      subject: 'Contract',
      receivers: [{ receiverType: 1, name: 'Ana Gil', email: 'ana@example.com' }],
      documents: [{ name: 'a.pdf', category: 'UNSPECIFIED', content: 'data:application/pdf;base64,AA==' }],
      customFields: { dept: 'HR' },
    });
    expect(validateSendRequest(request)).toEqual({ ok: true });
  });

  it('keeps the postal address only on the postal channel', () => {
    const postal = { street: 'Mayor', postalCode: '28001', city: 'Madrid', country: 'ES' };
    const email = toSendRequest({ ...base, receivers: [{ name: 'Ana', email: 'a@b.es', postal }] }, []);
    expect(email.receivers[0]?.postal).toBeUndefined();
    const letter = toSendRequest({ ...base, channel: 'postal', receivers: [{ name: 'Ana', postal }] }, []);
    expect(letter.receivers[0]?.postal).toEqual(postal);
  });

  it('puts the schema errors next to their fields', () => {
    const result = validateSendRequest(toSendRequest({ ...base, subject: '', receivers: [{ name: 'Ana' }] }, []));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({ name: ['subject'], key: 'ERR_FIELD_REQUIRED' });
    expect(result.issues).toContainEqual({ name: ['receivers', 0, 'email'], key: 'ERR_FIELD_REQUIRED' });
  });

  it('checks identity documents with their check character', () => {
    expect(receiverDocumentError({ documentType: 'DNI', documentNumber: '12345678Z' })).toBeNull();
    expect(receiverDocumentError({ documentType: 'DNI', documentNumber: '12345678A' })).toBe('ERR_DOCUMENT_ID_INVALID');
    expect(receiverDocumentError({ documentType: 'NIE', documentNumber: 'X1234567L' })).toBeNull();
    expect(receiverDocumentError({ receiverType: 2, documentType: 'DNI', documentNumber: '12345678Z' })).toBe(
      'ERR_FIELD_INVALID',
    );
    expect(receiverDocumentError({ documentNumber: '' })).toBeNull();
  });

  it('reads server field names', () => {
    expect(serverFieldName('receivers[1].mobile')).toEqual(['receivers', 1, 'mobile']);
    expect(serverFieldName('receivers.0.postal.postalCode')).toEqual(['receivers', 0, 'postal', 'postalCode']);
    expect(serverFieldName('customFields.dept')).toEqual(['customFields']);
  });
});
