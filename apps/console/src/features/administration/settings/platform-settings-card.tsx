import {
  SETTINGS,
  settingsApi,
  type TSettingDefinition,
  ZPlatformSettingsUpdate,
} from '@sello/contracts/catalogue/administration-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint } from '../../../api/http-client.ts';
import { reloadOtherConfig } from '../../../api/use-other-config.ts';
import { clearErrorsOnChange, parseForForm, showServerErrors } from '../../../components/form/form-errors.ts';

type TValues = Record<string, number | string | null | undefined>;

const GROUPS = ['session', 'limits', 'links', 'help'] as const;
const NAMES = SETTINGS.map((definition) => definition.name);

/** The form's value of a stored setting: numbers as numbers, an unset address as an empty text. */
function toFormValue(definition: TSettingDefinition, stored: string | null): number | string | null {
  if (definition.kind === 'number') return stored === null || stored === '' ? null : Number(stored);
  return stored ?? '';
}

function SettingField({ definition }: { definition: TSettingDefinition }) {
  const { t } = useTranslation();
  const label = t(`SETTING_${definition.name}`);
  const testId = `setting-${definition.name}`;
  if (definition.kind === 'number') {
    return (
      <Form.Item
        name={definition.name}
        label={label}
        extra={t('SETTINGS_RANGE', {
          min: definition.min,
          max: definition.max,
          unit: t(`SETTING_UNIT_${definition.name}`),
        })}
      >
        <InputNumber precision={0} data-testid={testId} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={definition.name}
      label={label}
      extra={definition.kind === 'url' ? t('SETTINGS_URL_HINT') : undefined}
    >
      <Input maxLength={500} data-testid={testId} />
    </Form.Item>
  );
}

/** The platform's settings (spec §7 preferences, footer and help addresses): super admins only. */
export function PlatformSettingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TValues>();
  const settings = useQuery({
    queryKey: ['administration', 'settings', 'platform'],
    queryFn: () => callEndpoint(settingsApi.read),
  });
  const save = useMutation({
    mutationFn: (body: Record<string, number | string>) => callEndpoint(settingsApi.update, { body }),
  });

  useEffect(() => {
    if (!settings.data) return;
    form.setFieldsValue(
      Object.fromEntries(SETTINGS.map((d) => [d.name, toFormValue(d, settings.data.values[d.name] ?? null)])),
    );
  }, [settings.data, form]);

  const submit = async (values: TValues) => {
    const stored = settings.data?.values ?? {};
    // Only what the administrator changed is sent: each change is audited by name.
    const changed = Object.fromEntries(
      SETTINGS.filter((d) => values[d.name] !== toFormValue(d, stored[d.name] ?? null)).map((d) => [
        d.name,
        d.kind === 'number' ? values[d.name] : (values[d.name] ?? ''),
      ]),
    );
    const body = parseForForm(ZPlatformSettingsUpdate, changed, form, t);
    if (!body) return;
    try {
      const saved = await save.mutateAsync(body as Record<string, number | string>);
      queryClient.setQueryData(['administration', 'settings', 'platform'], saved);
      void reloadOtherConfig();
      notify.success('OK_SETTINGS_SAVED');
    } catch (error) {
      showServerErrors(error, form, t, NAMES);
    }
  };

  return (
    <Card title={t('SETTINGS_PLATFORM')} className="page-card" data-testid="platform-settings">
      <Typography.Paragraph type="secondary">{t('SETTINGS_PLATFORM_INTRO')}</Typography.Paragraph>
      <Form<TValues>
        form={form}
        layout="vertical"
        name="platformSettings"
        onFinish={submit}
        onValuesChange={clearErrorsOnChange(form)}
        disabled={!settings.data}
      >
        {GROUPS.map((group) => (
          <fieldset key={group} className="settings-group">
            <legend>{t(`SETTINGS_GROUP_${group.toUpperCase()}`)}</legend>
            {SETTINGS.filter((d) => d.group === group).map((d) => (
              <SettingField key={d.name} definition={d} />
            ))}
          </fieldset>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="platform-settings-save">
          {t('SAVE')}
        </Button>
      </Form>
    </Card>
  );
}
