import { shippingsCreateApi, type TMessagePreview } from '@sello/contracts/catalogue/shippings-create';
import type { Language } from '@sello/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, type FormInstance, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiCallError, callEndpoint } from '../../../api/http-client.ts';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { type TSendFormValues, toSendRequest } from './send-form.ts';

type TPreviewed = { request: string; answer: TMessagePreview };

/**
 * What each receiver will get, written by the server as the dispatch writes it (same template, same words,
 * same language); only the link is each receiver's own. Any change to the form marks the preview as old.
 */
export function MessagePreviewCard({ form }: { form: FormInstance<TSendFormValues> }) {
  const { t } = useTranslation();
  const current = () => JSON.stringify(toSendRequest(form.getFieldsValue(true), []));
  const preview = useMutation({
    mutationFn: async (request: string): Promise<TPreviewed> => ({
      request,
      answer: await callEndpoint(shippingsCreateApi.previewMessage, { body: JSON.parse(request) }),
    }),
  });
  const previewed = preview.data;
  const stale = previewed !== undefined && previewed.request !== current();
  const incomplete = preview.error instanceof ApiCallError && preview.error.status === 400;
  return (
    <Card title={t('SHIPPING_PREVIEW')} size="small" className="shipping-detail-card" data-testid="create-preview">
      <Space orientation="vertical">
        <Typography.Text type="secondary">{t('SHIPPING_PREVIEW_HINT')}</Typography.Text>
        <Button
          onClick={() => preview.mutate(current())}
          loading={preview.isPending}
          data-testid="create-preview-button"
        >
          {t('SHIPPING_PREVIEW_SHOW')}
        </Button>
        {incomplete && <Alert type="warning" showIcon title={t('SHIPPING_PREVIEW_INCOMPLETE')} />}
        {stale && <Alert type="info" showIcon title={t('SHIPPING_PREVIEW_STALE')} data-testid="create-preview-stale" />}
        {previewed?.answer.messages.map((message) => (
          <div key={message.receiver} data-testid="create-preview-message" data-language={message.language}>
            <Typography.Text type="secondary">
              {t('SHIPPING_PREVIEW_RECEIVER', {
                n: message.receiver + 1,
                language: t(LANGUAGE_LABEL_KEYS[message.language as Language]),
              })}
            </Typography.Text>
            {message.subject !== null && (
              <Typography.Paragraph strong data-testid="create-preview-subject">
                {message.subject}
              </Typography.Paragraph>
            )}
            {message.html && (
              <iframe
                title={t('SHIPPING_PREVIEW')}
                sandbox=""
                className="template-preview-frame"
                srcDoc={`<!doctype html><html><head><meta charset="utf-8"></head><body>${message.body}</body></html>`}
                data-body={message.body}
                data-testid="create-preview-html"
              />
            )}
            <pre className="template-sms-preview" data-testid="create-preview-text">
              {message.text}
            </pre>
          </div>
        ))}
      </Space>
    </Card>
  );
}
