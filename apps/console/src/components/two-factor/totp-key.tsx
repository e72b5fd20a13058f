import type { TTotpEnrolment } from '@sello/contracts/catalogue/two-factor';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The new authenticator as the app reads it: a QR code to scan, or the key to type (in groups of four). */
export function TotpKey({ enrolment }: { enrolment: TTotpEnrolment }) {
  const { t } = useTranslation();
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <div className="totp-key">
      <p>{t('TWO_FACTOR_SCAN')}</p>
      <img src={enrolment.qrDataUrl} alt={t('TWO_FACTOR_QR_ALT')} width={200} height={200} data-testid="totp-qr" />
      <p>{t('TWO_FACTOR_TYPE_KEY')}</p>
      <Typography.Text
        code
        copyable={{ text: enrolment.secret }}
        data-testid="totp-secret"
        data-secret={enrolment.secret}
      >
        {grouped}
      </Typography.Text>
    </div>
  );
}

/** The ten recovery codes, shown once, right after an enrolment. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="recovery-codes">
      <Alert type="warning" showIcon title={t('TWO_FACTOR_RECOVERY_SAVE')} />
      <ol data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Typography.Text copyable={{ text: codes.join('\n') }}>{t('TWO_FACTOR_RECOVERY_COPY')}</Typography.Text>
    </div>
  );
}
