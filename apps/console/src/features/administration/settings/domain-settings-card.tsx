import { settingsApi, ZDomainSettingsUpdate } from '@sello/contracts/catalogue/administration-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint } from '../../../api/http-client.ts';
import { DomainSelect } from '../../../components/form/domain-select.tsx';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';
import { useSession } from '../../../session/use-session.ts';

type TValues = { sessionTimeMinutes: number | null };

/**
 * A domain's own settings (its session length; empty follows the platform's). A domain admin sees their domain;
 * a super admin picks one.
 */
export function DomainSettingsCard() {
  const { t } = useTranslation();
  const { user, superAdmin } = useSession();
  const queryClient = useQueryClient();
  const [domainId, setDomainId] = useState<number>(user?.domainId ?? 0);
  const [form] = Form.useForm<TValues>();
  const queryKey = ['administration', 'settings', 'domain', domainId];
  const settings = useQuery({
    queryKey,
    queryFn: () => callEndpoint(settingsApi.domain, { query: { domainid: domainId } }),
    enabled: domainId > 0,
  });
  const save = useMutation({
    mutationFn: (body: { domainId: number; sessionTimeMinutes: number | null }) =>
      callEndpoint(settingsApi.updateDomain, { body }),
  });

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ sessionTimeMinutes: settings.data.sessionTimeMinutes });
  }, [settings.data, form]);

  const submit = async (values: TValues) => {
    const body = parseForForm(
      ZDomainSettingsUpdate,
      { domainId, sessionTimeMinutes: values.sessionTimeMinutes ?? null },
      form,
      t,
    );
    if (!body) return;
    try {
      queryClient.setQueryData(queryKey, await save.mutateAsync(body));
      notify.success('OK_SETTINGS_SAVED');
    } catch (error) {
      showServerErrors(error, form, t, ['sessionTimeMinutes']);
    }
  };

  const platformMinutes = settings.data?.platformSessionTimeMinutes;
  return (
    <Card title={t('SETTINGS_DOMAIN')} className="page-card" data-testid="domain-settings">
      <Typography.Paragraph type="secondary">{t('SETTINGS_DOMAIN_INTRO')}</Typography.Paragraph>
      {superAdmin && (
        <div className="admin-toolbar">
          <DomainSelect value={domainId} onChange={setDomainId} />
        </div>
      )}
      <Form<TValues>
        form={form}
        layout="vertical"
        name="domainSettings"
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        disabled={!settings.data}
      >
        <Form.Item
          name="sessionTimeMinutes"
          label={t('SETTING_FRONTEND_SESSION_TIME_MINUTES')}
          extra={t('SETTINGS_DOMAIN_SESSION_HINT', { minutes: platformMinutes ?? '' })}
        >
          <InputNumber
            precision={0}
            placeholder={platformMinutes === undefined ? undefined : String(platformMinutes)}
            data-testid="domain-setting-session"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="domain-settings-save">
          {t('SAVE')}
        </Button>
      </Form>
    </Card>
  );
}
