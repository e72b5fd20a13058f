import { countSmsSegments } from '@sello/contracts/sms-segments';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The live count of an SMS as providers bill it: characters, encoding and segments, and which
 * character switched the whole message to UCS-2.
 */
export function SmsCounter({ text, maxCharacters }: { text: string; maxCharacters: number | null }) {
  const { t } = useTranslation();
  const count = countSmsSegments(text);
  const over = maxCharacters !== null && count.characters > maxCharacters;
  return (
    <div className="sms-counter" data-testid="sms-counter">
      <Typography.Text type={over ? 'danger' : undefined} data-testid="sms-counter-text">
        {t('SMS_COUNTER', {
          characters: count.characters,
          max: maxCharacters ?? '—',
          segments: count.segments,
          encoding: count.encoding === 'GSM7' ? 'GSM-7' : 'UCS-2',
          perSegment: count.perSegment,
        })}
      </Typography.Text>
      <span data-testid="sms-segments" data-segments={count.segments} data-encoding={count.encoding} hidden />
      {count.firstUcs2Character !== null && (
        <Alert
          type="warning"
          showIcon
          title={t('SMS_UCS2_WARNING', { character: count.firstUcs2Character })}
          data-testid="sms-ucs2-warning"
        />
      )}
    </div>
  );
}
