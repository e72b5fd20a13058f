import { API_KEY_SCOPES } from '@sello/contracts/api-key-scopes';
import { ZApiKeyNew } from '@sello/contracts/catalogue/integration-api-keys';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useCreateApiKey } from './use-api-keys.ts';

type TKeyFields = { name: string; scopes: string[] };

/** Names and scopes a new key; on success hands its secret to `onCreated`. */
export function NewApiKeyDialog({
  companyId,
  onClose,
  onCreated,
}: {
  companyId: number;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TKeyFields>();
  const create = useCreateApiKey();

  const submit = async (values: TKeyFields) => {
    const input = parseForForm(ZApiKeyNew, { ...values, companyId }, form, t);
    if (!input) return;
    try {
      const key = await create.mutateAsync(input);
      onCreated(key.secret);
    } catch (error) {
      showServerErrors(error, form, t, ['name', 'scopes']);
    }
  };

  return (
    <Modal
      open
      title={t('API_KEYS_NEW')}
      okText={t('SAVE')}
      cancelText={t('CANCEL')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TKeyFields>
        form={form}
        layout="vertical"
        name="api-key"
        initialValues={{ scopes: ['send', 'read'] }}
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        data-testid="api-key-form"
      >
        <Form.Item name="name" label={t('API_KEYS_NAME')} required>
          <Input maxLength={100} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="scopes" label={t('API_KEYS_SCOPES')} required>
          <Checkbox.Group
            options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: t(`API_KEY_SCOPE_${scope}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The secret of a new or rotated key: shown here once, never again. */
export function ApiKeySecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('API_KEYS_SECRET_TITLE')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('CLOSE')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon message={t('API_KEYS_SECRET_ONCE')} />
      <Typography.Paragraph copyable={{ text: secret }} code className="api-key-secret" data-testid="api-key-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
