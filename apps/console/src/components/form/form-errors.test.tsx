import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../../alerts/alert-store.ts';
import { ApiCallError } from '../../api/http-client.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import { reportInvalidFields, showServerErrors, toNamePath } from './form-errors.ts';

let t: TFunction;
let form: FormInstance | undefined;

beforeAll(async () => {
  t = (await initTestI18n('en-en')).t;
});

afterEach(() => {
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function CompanyForm() {
  const [instance] = Form.useForm();
  form = instance;
  return (
    <Form form={instance} name="company" layout="vertical">
      <Form.Item name="name" label="Company name">
        <Input />
      </Form.Item>
      <Form.Item name="taxId" label="Tax id">
        <Input />
      </Form.Item>
      <Form.List name="receivers" initialValue={[{ email: '' }]}>
        {(fields) =>
          fields.map((field) => (
            <Form.Item key={field.key} name={[field.name, 'email']} label="Receiver e-mail">
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

function explainOf(id: string): string | null | undefined {
  return document.getElementById(`company_${id}_help`)?.textContent;
}

describe('showServerErrors', () => {
  it('names the field beside its message, fills the pattern sentence with its values and names the fields in the banner', async () => {
    render(<CompanyForm />);
    const scroll = vi.spyOn(form!, 'scrollToField');
    const failure = new ApiCallError('400 - Bad Request', 400, {
      key: 'ERR_VALIDATION',
      fields: { 'receivers.0.email': 'ERR_EMAIL_INVALID', taxId: 'ERR_PATTERN_TAX_ID' },
      fieldParams: {},
    });
    await act(async () => showServerErrors(failure, form!, t, (path) => toNamePath(path)));

    expect(await screen.findByText(`Tax id: ${t('ERR_PATTERN_TAX_ID')}`)).toBeTruthy();
    expect(explainOf('receivers_0_email')).toBe(`Receiver e-mail: ${t('ERR_EMAIL_INVALID')}`);
    // The first field on the page, not the first in the answer.
    expect(scroll).toHaveBeenCalledWith(['taxId'], expect.objectContaining({ focus: true }));
    expect(alerts.get().map(({ key, params }) => ({ key, params }))).toEqual([
      { key: 'ERR_VALIDATION_FIELDS', params: { fields: 'Tax id, Receiver e-mail' } },
    ]);
  });

  it("embeds a field's own values in its message (the characters an SMS cannot carry)", async () => {
    render(<CompanyForm />);
    const failure = new ApiCallError('400 - Bad Request', 400, {
      key: 'ERR_VALIDATION',
      fields: { name: 'ERR_PATTERN_SMS_TEXT' },
      fieldParams: { name: { illegal: '¥' } },
    });
    await act(async () => showServerErrors(failure, form!, t, ['name', 'taxId']));
    const text = (await screen.findByText(/^Company name: /)).textContent ?? '';
    expect(text).toContain('Remove: ¥');
  });

  it('shows an error on a field the form does not have as an alert of its key', async () => {
    render(<CompanyForm />);
    const failure = new ApiCallError('400 - Bad Request', 400, {
      key: 'ERR_VALIDATION',
      fields: { domainid: 'ERR_FIELD_INVALID' },
    });
    await act(async () => showServerErrors(failure, form!, t, ['name', 'taxId']));
    expect(alerts.get().map(({ key }) => key)).toEqual(['ERR_VALIDATION']);
  });
});

describe('reportInvalidFields', () => {
  it("gives antd's own refusals the field's name and names them in the banner", async () => {
    render(<CompanyForm />);
    await act(async () =>
      reportInvalidFields(form!, { errorFields: [{ name: ['name'], errors: [t('ERR_FIELD_REQUIRED')] }] }, t),
    );
    expect(await screen.findByText(`Company name: ${t('ERR_FIELD_REQUIRED')}`)).toBeTruthy();
    expect(alerts.get().map(({ key, params }) => ({ key, params }))).toEqual([
      { key: 'ERR_VALIDATION_FIELDS', params: { fields: 'Company name' } },
    ]);
  });
});
