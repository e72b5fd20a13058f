import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import type {
  Channel,
  IdentificationSubstate,
  ResultFilter,
  ServiceKind,
  ShippingStateFilter,
  SituationReason,
} from '@sello/contracts/enums';
import type { TLocalisedText } from '@sello/contracts/reference/localised-text';
import { NOTICE_METHOD_INFO } from '@sello/contracts/reference/notice-methods';
import { SERVICE_NAMES } from '@sello/contracts/reference/services';
import { shownResult } from '@sello/contracts/shipping-rules';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
// formatDateTime's 'L LT' needs dayjs's localizedFormat plugin, which this module registers.
import '../../../i18n/library-locales/dayjs-locale.ts';

const STATE_COLORS: Partial<Record<ShippingStateFilter, string>> = {
  sent: 'blue',
  in_course: 'processing',
  closed: 'default',
  pending_to_send: 'cyan',
  not_send_error: 'red',
  pending_auth: 'gold',
  auths_pending_user: 'gold',
  no_auth: 'volcano',
  auths_expired: 'volcano',
  pending_cert: 'purple',
  pending_cert_postal: 'purple',
  cancel_pending: 'orange',
};

const RESULT_COLORS: Partial<Record<ResultFilter, string>> = {
  accepted: 'green',
  deny: 'red',
  authorizer_reject: 'volcano',
  supervisor_reject: 'volcano',
  error: 'red',
  pin_error: 'red',
  timeout: 'orange',
  exceeded_ocr_tries: 'red',
  custody_in_course: 'processing',
};

export const stateKey = (state: ShippingStateFilter) => `SHIPPING_STATE_${state}`;
export const resultKey = (result: ResultFilter | 'delivered') => `SHIPPING_RESULT_${result}`;
export const situationReasonKey = (reason: SituationReason) => `SITUATION_REASON_${reason}`;
export const identificationSubstateKey = (substate: IdentificationSubstate) => `IDENTIFICATION_SUBSTATE_${substate}`;

export function StateTag({ state, testId }: { state: ShippingStateFilter; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state] ?? 'default'} data-testid={testId} data-state={state}>
      {t(stateKey(state))}
    </Tag>
  );
}

/**
 * A shipping's result as it reads for its kind (a notification's `accepted` reads as delivered); without the kind
 * (lists of failures only) as the result's own name.
 */
export function ResultTag({
  result,
  service,
  testId,
}: {
  result: ResultFilter | null;
  service?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (result === null) return <span data-testid={testId}>—</span>;
  return (
    <Tag color={RESULT_COLORS[result] ?? 'default'} data-testid={testId} data-result={result}>
      {t(resultKey(service === undefined ? result : shownResult(result, service)))}
    </Tag>
  );
}

/** A time-stamp in the console's language (dayjs's localized formats are loaded with the locale). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return `${dayjs(value).format('L LT')} ${timeZoneName(new Date(value))}`;
}

/** The reader's time zone as its short name at that date ("CET", "CEST", "WET"), so a time is never ambiguous. */
function timeZoneName(date: Date): string {
  const parts = new Intl.DateTimeFormat(dayjs.locale(), { timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

export const shippingDetailPath = (id: number) => `/shippings/detail/${id}`;
export const shippingCopyPath = (id: number) => `/shippings/create/${id}`;

function inLanguage(texts: TLocalisedText, language: string): string {
  return texts[(LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE];
}

/** The name of a service kind in the console's language (reference data of contracts). */
export function serviceName(kind: ServiceKind, language: string): string {
  return inLanguage(SERVICE_NAMES[kind], language);
}

/** The name of a channel in the console's language (its notice method's text). */
export function channelName(channel: Channel, language: string): string {
  const method = Object.values(NOTICE_METHOD_INFO).find((info) => info.channel === channel);
  return method ? inLanguage(method.texts, language) : channel;
}
