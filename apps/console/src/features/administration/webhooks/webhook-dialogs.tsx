import { WEBHOOK_EVENTS, ZWebhookEndpointNew } from '@sello/contracts/catalogue/integration-webhooks';
import { Alert, type ButtonProps, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useCreateWebhook } from './use-webhooks.ts';

type TEndpointFields = { url: string; events: string[] };

/** The name of an event as the console shows it: `shipping.certificate_ready` → WEBHOOK_EVENT_shipping_certificate_ready. */
export const eventLabelKey = (event: string) => `WEBHOOK_EVENT_${event.replace('.', '_')}`;

/** A new endpoint: its URL and the events it wants; on success hands its signing secret to `onCreated`. */
export function NewWebhookDialog({
  companyId,
  onClose,
  onCreated,
}: {
  companyId: number;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TEndpointFields>();
  const create = useCreateWebhook();

  const submit = async (values: TEndpointFields) => {
    const input = parseForForm(ZWebhookEndpointNew, { ...values, companyId }, form, t);
    if (!input) return;
    try {
      const endpoint = await create.mutateAsync(input);
      onCreated(endpoint.secret);
    } catch (error) {
      showServerErrors(error, form, t, ['url', 'events']);
    }
  };

  return (
    <Modal
      open
      title={t('WEBHOOKS_NEW')}
      okText={t('SAVE')}
      cancelText={t('CANCEL')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'webhook-save' } as ButtonProps}
    >
      <Form<TEndpointFields>
        form={form}
        layout="vertical"
        name="webhook"
        initialValues={{ events: [...WEBHOOK_EVENTS] }}
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        data-testid="webhook-form"
      >
        <Form.Item name="url" label={t('WEBHOOKS_URL')} required>
          <Input maxLength={2000} placeholder="https://" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="events" label={t('WEBHOOKS_EVENTS')} required>
          <Checkbox.Group options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(eventLabelKey(event)) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The signing secret of a new or rotated endpoint: shown here once, never again. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('WEBHOOKS_SECRET_TITLE')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('CLOSE')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon title={t('WEBHOOKS_SECRET_ONCE')} />
      <Typography.Paragraph copyable={{ text: secret }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
