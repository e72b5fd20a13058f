import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@sello/contracts/constants';
import {
  CHANNELS,
  FONTS,
  IDENTIFICATION_DOCUMENT_KINDS,
  PIN_SIGNATURE_TEXT_VALUES,
  type ServiceKind,
} from '@sello/contracts/enums';
import { identifiesReceivers, typeChannelsOf } from '@sello/contracts/reference/type-settings';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/form/checkbox-group-field.tsx';
import { channelName, signMethodName } from './type-labels.ts';
import { useServiceCombos } from './types-api.ts';

const comboOptions = (
  items: readonly { value: string | number; text: string }[] | undefined,
  label: (value: string) => string,
) => (items ?? []).map((item) => ({ value: item.value, label: label(String(item.value)) }));

/** The settings that depend on the chosen service: each list comes from its `shippings/types/*` call. */
export function ServiceSettingsFields({ service }: { service: ServiceKind | undefined }) {
  const { t, i18n } = useTranslation();
  const combos = useServiceCombos(service).data;
  if (!service) return null;
  const channels = typeChannelsOf(service);
  const signs = (combos?.signMethods.length ?? 0) > 0;
  return (
    <>
      <Form.Item name="channels" label={t('TYPE_CHANNELS')} required>
        <CheckboxGroupField
          options={CHANNELS.filter((channel) => channels.includes(channel)).map((channel) => ({
            value: channel,
            label: channelName(channel, i18n.language),
          }))}
          data-testid="field-channels"
        />
      </Form.Item>
      {combos && combos.steps.length > 0 && (
        <Form.Item label={t('TYPE_STEPS')}>
          <Space wrap size={4} data-testid="type-steps">
            {combos.steps.map((step, index) => (
              <Tag key={String(step.value)}>{`${index + 1}. ${t(`TYPE_STEP_${step.value}`)}`}</Tag>
            ))}
          </Space>
        </Form.Item>
      )}
      {(combos?.custodyTimes.length ?? 0) > 0 && (
        <Form.Item name="custodyTime" label={t('TYPE_CUSTODY_TIME')} required>
          <Select
            options={comboOptions(combos?.custodyTimes, (value) => t('TYPE_DAYS', { count: Number(value) }))}
            data-testid="field-custodyTime"
          />
        </Form.Item>
      )}
      {signs && (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="signMethod" label={t('TYPE_SIGN_METHOD')} required>
                <Select
                  options={comboOptions(combos?.signMethods, (value) => signMethodName(value, i18n.language))}
                  data-testid="field-signMethod"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="font" label={t('SHIPPING_FONT')}>
                <Select options={FONTS.map((font) => ({ value: font, label: font }))} data-testid="field-font" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="pinSignatureText" label={t('SHIPPING_PIN_TEXT')}>
                <Select
                  allowClear
                  options={PIN_SIGNATURE_TEXT_VALUES.map((value) => ({ value, label: t(`PIN_TEXT_${value}`) }))}
                  data-testid="field-pinSignatureText"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="multiSignerOrder" label={t('SHIPPING_SIGNER_ORDER')}>
                <Select
                  options={[
                    { value: 0, label: t('SHIPPING_SIGNER_ORDER_NONE') },
                    { value: 1, label: t('SHIPPING_SIGNER_ORDER_ORDERED') },
                  ]}
                  data-testid="field-multiSignerOrder"
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text strong>{t('TYPE_PLACEMENT')}</Typography.Text>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name={['placement', 'page']} label={t('TYPE_PLACEMENT_PAGE')}>
                <Select
                  allowClear
                  options={comboOptions(combos?.placement.pages, (value) => t(`TYPE_PAGE_${value}`))}
                  data-testid="field-placement-page"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name={['placement', 'position']} label={t('TYPE_PLACEMENT_POSITION')}>
                <Select
                  allowClear
                  options={comboOptions(combos?.placement.positions, (value) => t(`TYPE_POSITION_${value}`))}
                  data-testid="field-placement-position"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['placement', 'elements']} label={t('TYPE_PLACEMENT_ELEMENTS')}>
                <Select
                  mode="multiple"
                  options={comboOptions(combos?.elements, (value) => t(`TYPE_ELEMENT_${value}`))}
                  data-testid="field-placement-elements"
                />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
      {identifiesReceivers(service) && (
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="identificationDocuments" label={t('TYPE_ID_DOCUMENTS')}>
              <Select
                mode="multiple"
                options={IDENTIFICATION_DOCUMENT_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`TYPE_ID_DOCUMENT_${kind}`),
                }))}
                data-testid="field-identificationDocuments"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="otherDocumentsLimit" label={t('TYPE_OTHER_DOCUMENTS_LIMIT')}>
              <InputNumber min={0} max={LIMITS.otherIdCardDocumentsLimit} data-testid="field-otherDocumentsLimit" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <NamedListField
        name="metaProperties"
        title={t('SHIPPING_META_PROPERTIES')}
        limit={LIMITS.metaPropertiesLimit}
        second={{
          field: 'location',
          label: t('TYPE_LOCATION'),
          options: comboOptions(combos?.locations, (value) => t(`TYPE_LOCATION_${value}`)),
        }}
      />
      <NamedListField
        name="customFields"
        title={t('SHIPPING_CUSTOM_FIELDS')}
        limit={LIMITS.customFieldsLimit}
        withLabel
      />
    </>
  );
}

/** A list of named entries (meta properties, custom fields), up to a limit. */
function NamedListField({
  name,
  title,
  limit,
  second,
  withLabel,
}: {
  name: string;
  title: string;
  limit: number;
  second?: { field: string; label: string; options: { value: string | number; label: string }[] };
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={`${title} (≤ ${limit})`}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap data-testid={`${name}-row-${field.name}`}>
                <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}>
                  <Input placeholder={t('FIELD_NAME')} maxLength={64} data-testid={`${name}-${field.name}-name`} />
                </Form.Item>
                {withLabel && (
                  <>
                    <Form.Item
                      name={[field.name, 'label']}
                      rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
                    >
                      <Input
                        placeholder={t('TYPE_FIELD_LABEL')}
                        maxLength={100}
                        data-testid={`${name}-${field.name}-label`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'required']} valuePropName="checked">
                      <Checkbox>{t('TYPE_FIELD_REQUIRED')}</Checkbox>
                    </Form.Item>
                  </>
                )}
                {second && (
                  <Form.Item
                    name={[field.name, second.field]}
                    rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
                  >
                    <Select
                      placeholder={second.label}
                      options={second.options}
                      style={{ minWidth: 180 }}
                      data-testid={`${name}-${field.name}-${second.field}`}
                    />
                  </Form.Item>
                )}
                <MinusCircleOutlined aria-label={t('REMOVE')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= limit}
              onClick={() =>
                add(second ? { name: '', [second.field]: undefined } : { name: '', label: '', required: false })
              }
              data-testid={`${name}-add`}
            >
              {t('FIELD_ADD')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
