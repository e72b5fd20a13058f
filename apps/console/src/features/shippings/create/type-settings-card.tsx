import { holdsValue, isRelevant } from '@sello/contracts/form-values';
import { SIGN_METHOD_INFO, type SignMethod } from '@sello/contracts/reference/sign-methods';
import { Card, Descriptions, Form, type FormInstance, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormControlInput, staticControl } from '../../../components/form-controls/form-controls-view.tsx';
import type { TSendFormValues } from './send-form.ts';
import type { TCreateLookups } from './use-create-lookups.ts';

/**
 * What the chosen type sets for its shippings (sign method, documents asked of the receiver, its
 * authorisers) and its form, which the sender fills in: one Form.Item per control under `formValues`.
 */
export function TypeSettingsCard({
  lookups: { type },
  form,
}: {
  lookups: TCreateLookups;
  form: FormInstance<TSendFormValues>;
}) {
  const { t, i18n } = useTranslation();
  const values = (Form.useWatch('formValues', form) ?? {}) as Record<string, string>;
  const settings = type?.settings;
  if (!type || !settings) return null;
  const signMethod = settings.signMethod ? SIGN_METHOD_INFO[settings.signMethod as SignMethod] : undefined;
  const language = i18n.language as keyof NonNullable<typeof signMethod>['texts'];
  type TFact = { key: string; label: string; children: ReactNode };
  const candidates: (TFact | false | undefined)[] = [
    signMethod && {
      key: 'sign',
      label: t('TYPE_SIGN_METHOD'),
      children: signMethod.texts[language] ?? settings.signMethod,
    },
    settings.identificationDocuments.length > 0 && {
      key: 'documents',
      label: t('TYPE_ID_DOCUMENTS'),
      children: settings.identificationDocuments.map((kind) => <Tag key={kind}>{t(`TYPE_ID_DOCUMENT_${kind}`)}</Tag>),
    },
    (type.authorisers?.length ?? 0) > 0 && {
      key: 'authorisers',
      label: t('SHIPPING_TYPE_AUTHORISERS'),
      children: type.authorisers?.map((entry) => <Tag key={`${entry.kind}-${entry.id}`}>{entry.name}</Tag>),
    },
  ];
  const facts = candidates.filter((fact): fact is TFact => Boolean(fact));
  if (facts.length === 0 && settings.formControls.length === 0) return null;
  return (
    <Card title={t('SHIPPING_FORM')} size="small" className="shipping-detail-card" data-testid="create-type-settings">
      {facts.length > 0 && <Descriptions size="small" column={1} items={facts} data-testid="create-type-facts" />}
      <div className="form-controls" data-testid="create-type-form">
        {settings.formControls.map((control, index) => {
          const key = `${control.kind}-${control.name}-${index}`;
          if (!holdsValue(control)) return staticControl(control, key);
          if (!isRelevant(control, values)) return null;
          return (
            <Form.Item
              key={key}
              name={['formValues', control.name]}
              label={control.label}
              rules={control.required ? [{ required: true, whitespace: true, message: t('ERR_FIELD_REQUIRED') }] : []}
            >
              <FormControlInput control={control} />
            </Form.Item>
          );
        })}
      </div>
    </Card>
  );
}
