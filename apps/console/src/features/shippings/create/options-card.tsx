import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@sello/contracts/constants';
import { FONTS, PIN_SIGNATURE_TEXT_VALUES } from '@sello/contracts/enums';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCreateLookups } from './use-create-lookups.ts';

/** Signing options, font, custody days, authorisers, custom fields and meta properties. */
export function OptionsCard({ lookups: { rule, type, authorisers } }: { lookups: TCreateLookups }) {
  const { t } = useTranslation();
  return (
    <Card title={t('SHIPPING_OPTIONS')} size="small" className="shipping-detail-card">
      <Space wrap align="start">
        {rule?.signing && (
          <>
            <Form.Item name="multiSignerOrder" label={t('SHIPPING_SIGNER_ORDER')}>
              <Radio.Group
                options={[
                  { value: 0, label: t('SHIPPING_SIGNER_ORDER_NONE') },
                  { value: 1, label: t('SHIPPING_SIGNER_ORDER_ORDERED') },
                ]}
              />
            </Form.Item>
            <Form.Item name="pinSignatureText" label={t('SHIPPING_PIN_TEXT')}>
              <Select
                allowClear
                className="shippings-filter-select"
                options={PIN_SIGNATURE_TEXT_VALUES.map((value) => ({ value, label: t(`PIN_TEXT_${value}`) }))}
                data-testid="create-pin-text"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="font" label={t('SHIPPING_FONT')}>
          <Select
            allowClear
            className="shipping-doc-type"
            options={FONTS.map((value) => ({ value, label: value }))}
            data-testid="create-font"
          />
        </Form.Item>
        {type?.serviceKind === 'custody' && (
          <Form.Item name="custodyDays" label={t('SHIPPING_CUSTODY_DAYS')}>
            <InputNumber min={1} max={3650} placeholder={String(type.custodyDays ?? '')} data-testid="create-custody" />
          </Form.Item>
        )}
        <Form.Item name="authorizers" label={t('SHIPPING_AUTHORISERS')}>
          <Select
            mode="multiple"
            className="shipping-authorisers"
            options={(authorisers.data ?? []).map((user) => ({ value: user.value, label: user.text }))}
            data-testid="create-authorisers"
          />
        </Form.Item>
      </Space>
      <NamedValues
        name="customFields"
        limit={LIMITS.customFieldsLimit}
        title={t('SHIPPING_CUSTOM_FIELDS')}
        declared={type?.settings?.customFields ?? []}
      />
      <NamedValues
        name="metaProperties"
        limit={LIMITS.metaPropertiesLimit}
        title={t('SHIPPING_META_PROPERTIES')}
        declared={type?.settings?.metaProperties ?? []}
      />
    </Card>
  );
}

/**
 * Name–value pairs (custom fields, meta properties) up to a limit. When the type declares them, their
 * names are fixed (the form was filled with them on choosing the type) and only values are written.
 */
function NamedValues({
  name,
  limit,
  title,
  declared,
}: {
  name: 'customFields' | 'metaProperties';
  limit: number;
  title: string;
  declared: readonly { name: string; label?: string; required?: boolean }[];
}) {
  const { t } = useTranslation();
  const fixed = declared.length > 0;
  return (
    <Form.Item label={`${title} (≤ ${limit})`}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div data-testid={`create-${name}`}>
            {fields.map((field) => (
              <Space key={field.key} align="start">
                <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}>
                  <Input
                    placeholder={t('FIELD_NAME')}
                    maxLength={64}
                    disabled={fixed}
                    data-testid={`${name}-name-${field.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={
                    declared[field.name]?.required
                      ? [{ required: true, whitespace: true, message: t('ERR_FIELD_REQUIRED') }]
                      : []
                  }
                >
                  <Input
                    placeholder={declared[field.name]?.label ?? t('FIELD_VALUE')}
                    maxLength={1000}
                    data-testid={`${name}-value-${field.name}`}
                  />
                </Form.Item>
                {!fixed && (
                  <Button icon={<DeleteOutlined />} aria-label={t('DELETE')} onClick={() => remove(field.name)} />
                )}
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              hidden={fixed}
              disabled={fields.length >= limit}
              onClick={() => add({})}
              data-testid={`${name}-add`}
            >
              {t('FIELD_ADD')}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
