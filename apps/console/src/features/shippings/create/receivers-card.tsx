import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, LIMITS } from '@sello/contracts/constants';
import { type Channel, POSTAL_DOCUMENT_TYPES } from '@sello/contracts/enums';
import { Button, Card, Form, type FormInstance, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { newReceiver } from './copied-shipping.ts';
import { receiverDocumentError, type TSendFormValues } from './send-form.ts';
import type { TCreateLookups } from './use-create-lookups.ts';

/** The receivers, as many as the service allows, with a postal address on the postal channel. */
export function ReceiversCard({
  form,
  lookups: { rule, countries, streetTypes, numberTypes },
  channel,
  lang,
}: {
  form: FormInstance<TSendFormValues>;
  lookups: TCreateLookups;
  channel: Channel | undefined;
  lang: Language;
}) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('ERR_FIELD_REQUIRED') }];
  const contactField = channel === 'sms' || channel === 'whatsapp' ? 'mobile' : channel === 'email' ? 'email' : null;
  return (
    <Card title={t('SHIPPING_RECEIVERS')} size="small" className="shipping-detail-card">
      <Form.List name="receivers">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="shipping-receiver" data-testid={`receiver-${field.name}`}>
                <Space wrap align="start">
                  <Form.Item name={[field.name, 'receiverType']} label={t('RECEIVER_TYPE')}>
                    <Radio.Group
                      options={[
                        { value: 1, label: t('RECEIVER_INDIVIDUAL') },
                        { value: 2, label: t('RECEIVER_COMPANY') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name']} label={t('RECEIVER_NAME')} rules={required}>
                    <Input maxLength={200} data-testid={`receiver-name-${field.name}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'documentType']} label={t('RECEIVER_DOCUMENT_TYPE')}>
                    <Select
                      allowClear
                      className="shipping-doc-type"
                      options={POSTAL_DOCUMENT_TYPES.map((value) => ({ value, label: value }))}
                      data-testid={`receiver-doctype-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'documentNumber']}
                    label={t('RECEIVER_DOCUMENT')}
                    dependencies={[
                      ['receivers', field.name, 'documentType'],
                      ['receivers', field.name, 'receiverType'],
                    ]}
                    rules={[
                      {
                        validator: async () => {
                          const receiver = form.getFieldValue(['receivers', field.name]);
                          const key = receiver ? receiverDocumentError(receiver) : null;
                          if (key) throw new Error(t(key));
                        },
                      },
                    ]}
                  >
                    <Input maxLength={20} data-testid={`receiver-document-${field.name}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'email']}
                    label={t('RECEIVER_EMAIL')}
                    rules={[
                      ...(contactField === 'email' ? required : []),
                      { type: 'email', message: t('ERR_EMAIL_INVALID') },
                    ]}
                  >
                    <Input maxLength={200} data-testid={`receiver-email-${field.name}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'mobile']}
                    label={t('RECEIVER_MOBILE')}
                    rules={contactField === 'mobile' ? required : []}
                  >
                    <Input maxLength={25} data-testid={`receiver-mobile-${field.name}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'language']} label={t('RECEIVER_LANGUAGE')}>
                    <Select
                      className="shipping-doc-type"
                      options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABEL_KEYS[value]) }))}
                      data-testid={`receiver-language-${field.name}`}
                    />
                  </Form.Item>
                  {fields.length > (rule?.minReceivers ?? 1) && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('DELETE')}
                      onClick={() => remove(field.name)}
                      data-testid={`receiver-remove-${field.name}`}
                    />
                  )}
                </Space>
                {channel === 'postal' && (
                  <Space wrap align="start" data-testid={`receiver-postal-${field.name}`}>
                    <Form.Item name={[field.name, 'postal', 'country']} label={t('POSTAL_COUNTRY')} rules={required}>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        className="shippings-filter-select"
                        options={(countries.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
                        data-testid={`postal-country-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'streetType']} label={t('POSTAL_STREET_TYPE')}>
                      <Select
                        allowClear
                        showSearch={{ optionFilterProp: 'label' }}
                        className="shippings-filter-select"
                        options={(streetTypes.data ?? []).map((entry) => ({
                          value: entry.value,
                          label: entry.text,
                        }))}
                        data-testid={`postal-street-type-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'street']} label={t('POSTAL_STREET')} rules={required}>
                      <Input maxLength={200} data-testid={`postal-street-${field.name}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'streetNumType']} label={t('POSTAL_NUMBER_TYPE')}>
                      <Select
                        allowClear
                        className="shipping-doc-type"
                        options={(numberTypes.data ?? []).map((entry) => ({
                          value: entry.value,
                          label: entry.text,
                        }))}
                        data-testid={`postal-number-type-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'streetNumber']} label={t('POSTAL_NUMBER')}>
                      <Input maxLength={20} data-testid={`postal-number-${field.name}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'postalCode']} label={t('POSTAL_CODE')} rules={required}>
                      <Input maxLength={10} data-testid={`postal-code-${field.name}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'postal', 'city']} label={t('POSTAL_CITY')} rules={required}>
                      <Input maxLength={100} data-testid={`postal-city-${field.name}`} />
                    </Form.Item>
                  </Space>
                )}
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= (rule?.maxReceivers ?? LIMITS.uploadFileLimit)}
              onClick={() => add(newReceiver(lang))}
              data-testid="receiver-add"
            >
              {t('RECEIVER_ADD')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
