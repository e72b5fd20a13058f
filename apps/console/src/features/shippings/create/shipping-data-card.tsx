import { templatesApi } from '@sello/contracts/catalogue/templates';
import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import { Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../api/http-client.ts';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { channelName, serviceName } from '../shared/shipping-labels.tsx';
import { NewShippingSmsCount } from './new-shipping-sms-count.tsx';
import { defaultTemplateOf, messageUseKey, messageUseOf, templateContentTypeOf } from './send-form.ts';
import type { TCreateLookups } from './use-create-lookups.ts';

/** Company, type, channel, reference, template, subject and body of the shipping. */
export function ShippingDataCard({
  lookups: { companies, types, type, templates },
  companyId,
  channel,
  templateId,
  lang,
  receiversLang,
}: {
  lookups: TCreateLookups;
  companyId: number | undefined;
  channel: Channel | undefined;
  templateId: number | undefined;
  lang: Language;
  /** The receivers' language (null: they speak different ones): the type's default is the one in it. */
  receiversLang: Language | null;
}) {
  const { t } = useTranslation();
  const template = useQuery({
    queryKey: ['templates', 'detail', templateId],
    queryFn: () => callEndpoint(templatesApi.detail, { query: { templateSelected: templateId as number } }),
    enabled: templateId !== undefined,
    staleTime: 60_000,
  });
  const required = [{ required: true, message: t('ERR_FIELD_REQUIRED') }];
  const typeDefault = defaultTemplateOf(type, channel, receiversLang);
  const defaults = type?.defaultTemplates?.[templateContentTypeOf(channel)] ?? {};
  // The type has defaults, none in the receivers' language: no other language's is used, and the form says so.
  const noDefault =
    templateId === undefined &&
    typeDefault === undefined &&
    Object.values(defaults).some((id) => id !== undefined && id !== null);
  const channels = type?.channels ?? [];
  return (
    <Card title={t('SHIPPING_DATA')} size="small" className="shipping-detail-card">
      <Space wrap align="start">
        <Form.Item name="companyId" label={t('SHIPPING_COMPANY')} rules={required}>
          <Select
            className="shippings-filter-select"
            loading={companies.isPending}
            options={(companies.data ?? []).map((company) => ({ value: company.value, label: company.text }))}
            data-testid="create-company"
          />
        </Form.Item>
        <Form.Item name="typeId" label={t('SHIPPING_TYPE')} rules={required}>
          <Select
            className="shippings-filter-select"
            disabled={companyId === undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={(types.data ?? []).map((entry) => ({
              value: entry.value,
              label: `${entry.text} · ${serviceName(entry.serviceKind, lang)}`,
            }))}
            data-testid="create-type"
          />
        </Form.Item>
        <Form.Item name="channel" label={t('SHIPPING_CHANNEL')} rules={required}>
          <Select
            className="shippings-filter-select"
            disabled={!type}
            options={channels.map((value) => ({ value, label: channelName(value, lang) }))}
            data-testid="create-channel"
          />
        </Form.Item>
        <Form.Item name="reference" label={t('SHIPPING_REFERENCE')}>
          <Input maxLength={100} data-testid="create-reference" />
        </Form.Item>
      </Space>
      <Form.Item
        name="templateId"
        label={t('SHIPPING_TEMPLATE')}
        extra={
          <>
            {t('SHIPPING_TEMPLATE_HINT')}
            {noDefault && (
              <div data-testid="create-template-language">
                {receiversLang === null
                  ? t('SHIPPING_TEMPLATE_LANGUAGES_DIFFER')
                  : t('SHIPPING_TEMPLATE_NO_DEFAULT_IN_LANGUAGE', {
                      language: t(LANGUAGE_LABEL_KEYS[receiversLang]),
                    })}
              </div>
            )}
          </>
        }
      >
        <Select
          allowClear
          className="shippings-filter-select"
          disabled={companyId === undefined}
          showSearch={{ optionFilterProp: 'label' }}
          loading={templates.isFetching}
          options={(templates.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
          data-testid="create-template"
        />
      </Form.Item>
      <Form.Item name="subject" label={t('SHIPPING_SUBJECT')} rules={required}>
        <Input maxLength={200} data-testid="create-subject" />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('SHIPPING_BODY')}
        extra={
          <span data-testid="create-message-use" aria-busy={template.isFetching}>
            {templateId === undefined && typeDefault !== undefined
              ? t('SHIPPING_BODY_TEMPLATE_HINT')
              : t(
                  messageUseKey(
                    messageUseOf(type?.serviceKind, templateId === undefined ? null : template.data?.content),
                  ),
                )}
          </span>
        }
      >
        <Input.TextArea rows={4} maxLength={20_000} data-testid="create-message" />
      </Form.Item>
      {channel === 'sms' && <NewShippingSmsCount />}
    </Card>
  );
}
