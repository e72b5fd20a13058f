import type { TFormControl, TXformsResult } from '@sello/contracts/catalogue/types-schemas';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { FormControlsView } from '../../components/form-controls/form-controls-view.tsx';
import { useAttachXforms, useImportXforms } from './types-api.ts';

/** The type's form: an XForms document checked (importXforms), previewed, then attached (xformshippingtype). */
export function TypeXformsCard({ typeId, controls }: { typeId: number; controls: readonly TFormControl[] }) {
  const { t } = useTranslation();
  const [source, setSource] = useState('');
  const [checked, setChecked] = useState<TXformsResult | undefined>();
  const check = useImportXforms();
  const attach = useAttachXforms();

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setSource(await file.text());
    setChecked(undefined);
  };
  const runCheck = () => check.mutate(source, { onSuccess: setChecked, onError: notifyFailure });
  const runAttach = () =>
    attach.mutate(
      { data: source, typeId },
      {
        onSuccess: (result) => {
          setChecked(result);
          if (result.valid) notify.success('TYPE_FORM_ATTACHED');
        },
        onError: notifyFailure,
      },
    );

  return (
    <Card className="page-card" title={t('TYPE_FORM')} data-testid="type-xforms-card">
      <Typography.Paragraph type="secondary">{t('TYPE_FORM_HINT')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <input
          type="file"
          accept=".xml,text/xml,application/xml"
          aria-label={t('TYPE_FORM')}
          onChange={(event) => void readFile(event.target.files?.[0])}
          data-testid="type-xforms-file"
        />
        <Input.TextArea
          rows={6}
          value={source}
          onChange={(event) => {
            setSource(event.target.value);
            setChecked(undefined);
          }}
          placeholder={t('TYPE_FORM_PASTE')}
          data-testid="type-xforms-source"
        />
        <Space>
          <Button onClick={runCheck} disabled={!source} loading={check.isPending} data-testid="type-xforms-check">
            {t('TYPE_FORM_CHECK')}
          </Button>
          <Button
            type="primary"
            onClick={runAttach}
            disabled={!checked?.valid}
            loading={attach.isPending}
            data-testid="type-xforms-attach"
          >
            {t('TYPE_FORM_ATTACH')}
          </Button>
        </Space>
        {checked && !checked.valid && (
          <Alert
            type="error"
            data-testid="type-xforms-errors"
            message={t('TYPE_FORM_INVALID')}
            description={
              <ul>
                {checked.errors.map((error) => (
                  <li key={`${error.element}-${error.key}`}>{`${error.element}: ${t(error.key)}`}</li>
                ))}
              </ul>
            }
          />
        )}
        {checked?.valid && (
          <>
            <Typography.Text strong>{t('TYPE_FORM_PREVIEW_NEW')}</Typography.Text>
            <FormControlsView controls={checked.controls} data-testid="type-xforms-preview" />
          </>
        )}
        <Typography.Text strong>{t('TYPE_FORM_CURRENT')}</Typography.Text>
        {controls.length === 0 ? (
          <Typography.Text type="secondary">{t('TYPE_FORM_NONE')}</Typography.Text>
        ) : (
          <FormControlsView controls={controls} data-testid="type-form-current" />
        )}
      </Space>
    </Card>
  );
}
