import { shippingsCreateApi, type TSmsCountInput } from '@sello/contracts/catalogue/shippings-create';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../api/http-client.ts';
import { type TSendFormValues, toSendRequest } from './send-form.ts';

/** The SMS part of the form as `smsCount` takes it, or null while no company and type are chosen. */
export function smsCountInputOf(values: TSendFormValues | undefined): TSmsCountInput | null {
  if (!values?.companyId || !values.typeId) return null;
  const request = toSendRequest(values, []);
  return {
    companyId: request.companyId,
    typeId: request.typeId,
    subject: request.subject ?? '',
    ...(request.reference !== undefined && { reference: request.reference }),
    ...(request.message !== undefined && { message: request.message }),
    ...(request.templateId !== undefined && { templateId: request.templateId }),
    ...(request.customFields !== undefined && { customFields: request.customFields }),
    receivers: (request.receivers ?? []).map((receiver) => ({
      name: receiver.name ?? '',
      ...(receiver.language !== undefined && { language: receiver.language }),
    })),
  };
}

/** `value` once it has stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * What the SMS of this shipping will cost: the server composes each receiver's SMS exactly as it sends it
 * (template, company name, link, every variable with the receiver's values) and counts it with the one
 * counter; the longest one is shown, with its encoding, and what sending would refuse.
 */
export function NewShippingSmsCount() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TSendFormValues>();
  const values = Form.useWatch([], form) as TSendFormValues | undefined;
  const input = values?.channel === 'sms' ? smsCountInputOf(values) : null;
  const settled = useSettled(input === null ? null : JSON.stringify(input));
  const count = useQuery({
    queryKey: ['shippings', 'smsCount', settled],
    queryFn: () =>
      callEndpoint(shippingsCreateApi.smsCount, { body: JSON.parse(settled!) as TSmsCountInput }, { background: true }),
    enabled: settled !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (input === null || !count.data) return null;
  const answer = count.data;
  // Busy while the form has changed since the count shown was asked for, or its answer is on the way.
  const busy = settled !== JSON.stringify(input) || count.isFetching;
  const ucs2 = answer.encoding === 'UCS2';
  return (
    <div className="sms-counter" data-testid="create-sms-count" aria-busy={busy}>
      <Typography.Text
        strong
        type={answer.problem ? 'danger' : undefined}
        data-testid="create-sms-count-text"
        data-segments={answer.segments}
        data-encoding={answer.encoding}
      >
        {t('SHIPPING_SMS_COUNT', {
          segments: answer.segments,
          encoding: ucs2 ? 'UCS-2' : 'GSM-7',
          characters: answer.characters,
          perSegment: answer.perSegment,
        })}
        {answer.receivers > 1 && ` · ${t('SHIPPING_SMS_LONGEST', { name: answer.receiverName || '—' })}`}
      </Typography.Text>
      {answer.problem ? (
        <Alert
          type="error"
          showIcon
          title={t(answer.problem.key, { illegal: answer.problem.illegal })}
          data-testid="create-sms-problem"
        />
      ) : (
        ucs2 &&
        answer.firstUcs2Character !== null && (
          <Alert
            type="warning"
            showIcon
            title={t('SMS_UCS2_WARNING', { character: answer.firstUcs2Character })}
            data-testid="create-sms-ucs2"
          />
        )
      )}
      <pre className="template-sms-preview" data-testid="create-sms-text">
        {answer.text}
      </pre>
    </div>
  );
}
