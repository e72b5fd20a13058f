import { templatesApi } from '@sello/contracts/catalogue/templates';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import type { TemplateContentType } from '@sello/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../api/http-client.ts';
import { LANGUAGE_LABEL_KEYS } from '../../i18n/language-labels.ts';

const CONTENT_TYPES: { contentType: TemplateContentType; label: string }[] = [
  { contentType: 'HTML', label: 'TYPE_DEFAULT_TEMPLATE_HTML' },
  { contentType: 'SMS', label: 'TYPE_DEFAULT_TEMPLATE_SMS' },
];

/** The templates written in one language that a type's company (0: the whole domain) may send. */
function DefaultTemplateSelect({
  companyId,
  contentType,
  language,
}: {
  companyId: number | undefined;
  contentType: TemplateContentType;
  language: Language;
}) {
  const { t } = useTranslation();
  const companySelected = companyId ? companyId : undefined;
  const templates = useQuery({
    queryKey: ['templates', 'reduced', companySelected, contentType, language],
    queryFn: () =>
      callEndpoint(templatesApi.readListReduced, {
        query: { contentType, language, ...(companySelected !== undefined && { companySelected }) },
      }),
    staleTime: 60_000,
  });
  return (
    <Form.Item name={['defaultTemplates', contentType, language]} label={t(LANGUAGE_LABEL_KEYS[language])}>
      <Select
        allowClear
        placeholder={t('TYPE_DEFAULT_TEMPLATE_NONE')}
        loading={templates.isFetching}
        showSearch={{ optionFilterProp: 'label' }}
        options={(templates.data ?? []).map((entry) => ({ value: entry.value, label: entry.text }))}
        data-testid={`field-defaultTemplate-${contentType}-${language}`}
      />
    </Form.Item>
  );
}

/**
 * The template a new shipping of the type starts with, per content type and receiver language: each language
 * offers only the templates written in it, and a language left empty gets Sello's own texts.
 */
export function TypeDefaultTemplatesField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const companyId = Form.useWatch('companyId', form) as number | undefined;
  return (
    <div data-testid="type-default-templates">
      <Typography.Title level={4}>{t('TYPE_DEFAULT_TEMPLATES')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('TYPE_DEFAULT_TEMPLATES_HINT')}</Typography.Paragraph>
      {CONTENT_TYPES.map(({ contentType, label }) => (
        <div key={contentType}>
          <Typography.Text strong>{t(label)}</Typography.Text>
          <Row gutter={16}>
            {LANGUAGES.map((language) => (
              <Col xs={24} md={8} key={language}>
                <DefaultTemplateSelect companyId={companyId} contentType={contentType} language={language} />
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </div>
  );
}
