import { describe, expect, it } from 'vitest';
import {
  checkNewFile,
  defaultTemplateOf,
  documentsScroll,
  findFormReceiversLanguage,
  messageUseOf,
  receiverDocumentError,
  serverFieldName,
  templateContentTypeOf,
  toSendRequest,
  typeDefaults,
  validateSendRequest,
  valuesFromTemplate,
} from './send-form.ts';

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

describe('new-shipping form: templates, languages and files', () => {
  it('takes SMS templates on SMS and WhatsApp, HTML ones elsewhere, and the type default of each', () => {
    expect(templateContentTypeOf('sms')).toBe('SMS');
    expect(templateContentTypeOf('whatsapp')).toBe('SMS');
    expect(templateContentTypeOf('email')).toBe('HTML');
    expect(templateContentTypeOf(undefined)).toBe('HTML');
    const type = { defaultTemplates: { HTML: { 'es-es': 7, 'en-en': 8 }, SMS: { 'es-es': 9 } } };
    expect(defaultTemplateOf(type, undefined, 'es-es')).toBe(7);
    expect(defaultTemplateOf(type, 'postal', 'es-es')).toBe(7);
    expect(defaultTemplateOf(type, 'sms', 'es-es')).toBe(9);
    expect(defaultTemplateOf({ defaultTemplates: { HTML: {}, SMS: {} } }, 'email', 'es-es')).toBeUndefined();
    expect(defaultTemplateOf(undefined, 'email', 'es-es')).toBeUndefined();
  });

  it("takes the type default in the receivers' language, never another language's", () => {
    const type = { defaultTemplates: { HTML: { 'es-es': 7, 'en-en': 8 }, SMS: { 'es-es': 9 } } };
    expect(defaultTemplateOf(type, 'email', 'en-en')).toBe(8);
    expect(defaultTemplateOf(type, 'email', 'pt-pt')).toBeUndefined();
    expect(defaultTemplateOf(type, 'sms', 'en-en')).toBeUndefined();
    expect(defaultTemplateOf(type, 'email', null)).toBeUndefined();
    expect(findFormReceiversLanguage({ receivers: [{ language: 'pt-pt' }] }, 'es-es')).toBe('pt-pt');
    expect(findFormReceiversLanguage({ receivers: [{}, { language: 'es-es' }] }, 'es-es')).toBe('es-es');
    expect(findFormReceiversLanguage({ receivers: [{}, { language: 'en-en' }] }, 'es-es')).toBeNull();
    expect(findFormReceiversLanguage({}, 'en-en')).toBe('en-en');
  });

  it('takes only the subject from a template, when it has one', () => {
    // The template's body (HTML, another language perhaps) never lands in the sender's message.
    expect(valuesFromTemplate({ subject: 'Notice' })).toEqual({ subject: 'Notice' });
    expect(valuesFromTemplate({ subject: null })).toEqual({});
    expect(valuesFromTemplate({ subject: '  ' })).toEqual({});
  });

  it('tells how the message reaches the receiver', () => {
    expect(messageUseOf('notification', '<p>{{company}}</p><p>{{ message }}</p>')).toBe('inTemplate');
    expect(messageUseOf('notification', '<p>{{company}} has sent you a notice.</p>')).toBe('notInTemplate');
    expect(messageUseOf('notification', undefined)).toBe('pageOnly');
    expect(messageUseOf('certified_email', null)).toBe('content');
  });

  it('sends the chosen template, and each receiver language', () => {
    const request = toSendRequest(
      {
        ...base,
        templateId: 12,
        message: '<p>Edited</p>',
        receivers: [{ ...base.receivers[0], language: 'pt-pt' }],
      },
      [{ name: 'payslip.pdf', category: 'PAYROLL', content: 'data:application/pdf;base64,AA==' }],
    );
    expect(request.templateId).toBe(12);
    expect(request.message).toBe('<p>Edited</p>');
    expect(request.receivers[0]?.language).toBe('pt-pt');
    expect(request.documents?.[0]?.category).toBe('PAYROLL');
    expect(validateSendRequest(request)).toEqual({ ok: true });
  });

  it('checks each new file against the configured size, the name length and the count', () => {
    expect(checkNewFile({ name: 'a.pdf', size: 1024 * 1024 }, [], 1024)).toEqual({ ok: true });
    expect(checkNewFile({ name: 'a.pdf', size: 1024 * 1024 + 1 }, [], 1024)).toEqual({
      ok: false,
      key: 'ERR_MAX_FILE_SIZE',
      params: { size: 1024 },
    });
    expect(checkNewFile({ name: 'a.pdf', size: 1 }, ['a.pdf'], 1024)).toEqual({ ok: false, ignore: true });
    expect(checkNewFile({ name: `${'n'.repeat(197)}.pdf`, size: 1 }, [], 1024)).toMatchObject({
      key: 'ERR_FILE_NAME_TOO_LONG',
    });
    expect(checkNewFile({ name: `${'n'.repeat(196)}.pdf`, size: 1 }, [], 1024)).toEqual({ ok: true });
    const hundred = Array.from({ length: 100 }, (_, index) => `${index}.pdf`);
    expect(checkNewFile({ name: 'b.pdf', size: 1 }, hundred, 1024)).toMatchObject({ key: 'ERR_TOO_MANY_ITEMS' });
    expect(checkNewFile({ name: 'b.pdf', size: 1 }, hundred.slice(1), 1024)).toEqual({ ok: true });
  });

  it('scrolls the documents list from 15 files', () => {
    expect(documentsScroll(14)).toBe(false);
    expect(documentsScroll(15)).toBe(true);
  });

  it('rejects a document name longer than 200 characters with its own key', () => {
    const request = toSendRequest(base, [
      { name: `${'n'.repeat(201)}`, category: 'UNSPECIFIED', content: 'data:application/pdf;base64,AA==' },
    ]);
    expect(validateSendRequest(request)).toEqual({
      ok: false,
      issues: [{ name: ['documents'], key: 'ERR_FILE_NAME_TOO_LONG' }],
    });
  });
});

describe('the chosen type on the new-shipping form', () => {
  it('sends only the filled values of the type form, trimmed', () => {
    const request = toSendRequest({ ...base, formValues: { policy: ' P-1 ', notes: '  ', cover: undefined } }, []);
    expect(request.formValues).toEqual({ policy: 'P-1' });
    expect(toSendRequest({ ...base, formValues: { notes: '' } }, []).formValues).toBeUndefined();
  });

  it("starts from the type's signing settings, custody time and declared names", () => {
    const values = typeDefaults({
      serviceKind: 'custody',
      custodyDays: 365,
      settings: {
        pinSignatureText: 'summaryVal',
        font: 'courier',
        multiSignerOrder: 1,
        customFields: [{ name: 'claim' }],
        metaProperties: [{ name: 'policy' }],
      },
    });
    expect(values).toEqual({
      pinSignatureText: 'summaryVal',
      font: 'courier',
      multiSignerOrder: 1,
      custodyDays: 365,
      customFields: [{ name: 'claim', value: '' }],
      metaProperties: [{ name: 'policy', value: '' }],
      formValues: {},
    });
    expect(typeDefaults(undefined)).toEqual({ formValues: {}, customFields: [], metaProperties: [] });
  });

  it('places a form value error of the server next to its control', () => {
    expect(serverFieldName('formValues.policy')).toEqual(['formValues', 'policy']);
  });
});
