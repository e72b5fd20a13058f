import type { TTotpEnrolment } from '@sello/contracts/catalogue/two-factor';
import { Button, Card, Descriptions, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { ApiCallError, notifyFailure } from '../../api/http-client.ts';
import { RecoveryCodes, TotpKey } from '../../components/two-factor/totp-key.tsx';
import { useConfirmAccount, useEnrolAccount, useTwoFactorStatus } from './use-two-factor.ts';

/**
 * The second factor on the account screen: whether it is set up, and enrolment of an authenticator app
 * (QR code and key, confirmed by a first code), which answers ten recovery codes shown once.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const enrol = useEnrolAccount();
  const confirm = useConfirmAccount();
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    try {
      setRecoveryCodes(null);
      setEnrolment(await enrol.mutateAsync());
    } catch (error) {
      notifyFailure(error);
    }
  };

  const finish = async () => {
    setCodeError(null);
    try {
      const { recoveryCodes: codes } = await confirm.mutateAsync(code.trim());
      setEnrolment(null);
      setCode('');
      setRecoveryCodes(codes);
      notify.success('TWO_FACTOR_ENROLLED_OK');
    } catch (error) {
      const key = error instanceof ApiCallError ? error.fields.code : undefined;
      if (key) setCodeError(key);
      else notifyFailure(error);
    }
  };

  const data = status.data;
  return (
    <Card title={t('TWO_FACTOR_TITLE')} className="page-card" data-testid="two-factor-card">
      {data && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('TWO_FACTOR_STATE')}>
            <Space>
              {data.enrolled ? (
                <Tag color="green" data-testid="two-factor-state" data-enrolled="true">
                  {t('TWO_FACTOR_ON', { date: dayjs(data.enrolledAt).format('LLL') })}
                </Tag>
              ) : (
                <Tag data-testid="two-factor-state" data-enrolled="false">
                  {t('TWO_FACTOR_OFF')}
                </Tag>
              )}
              {data.required && <Tag color="orange">{t('TWO_FACTOR_REQUIRED_BY_DOMAIN')}</Tag>}
            </Space>
          </Descriptions.Item>
          {data.enrolled && (
            <Descriptions.Item label={t('TWO_FACTOR_RECOVERY_LEFT')}>{data.recoveryCodesLeft}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {enrolment ? (
        <Space direction="vertical" style={{ maxWidth: 480 }}>
          <TotpKey enrolment={enrolment} />
          <label htmlFor="two-factor-confirm">{t('TWO_FACTOR_FIRST_CODE')}</label>
          <Input
            id="two-factor-confirm"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            status={codeError ? 'error' : undefined}
            data-testid="two-factor-confirm-code"
          />
          {codeError && (
            <span className="login-field-error" role="alert" data-testid="two-factor-confirm-error">
              {t(codeError)}
            </span>
          )}
          <Space>
            <Button
              type="primary"
              onClick={() => void finish()}
              loading={confirm.isPending}
              data-testid="two-factor-confirm"
            >
              {t('TWO_FACTOR_CONFIRM')}
            </Button>
            <Button onClick={() => setEnrolment(null)}>{t('CANCEL')}</Button>
          </Space>
        </Space>
      ) : (
        <Button onClick={() => void start()} loading={enrol.isPending} data-testid="two-factor-enrol">
          {data?.enrolled ? t('TWO_FACTOR_REPLACE') : t('TWO_FACTOR_ENROL')}
        </Button>
      )}
    </Card>
  );
}
