import type { TShippingRow } from '@sello/contracts/catalogue/shippings-list';
import { CHANNELS, RESULT_FILTERS, SERVICE_KINDS, SHIPPING_STATE_FILTERS } from '@sello/contracts/enums';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import {
  channelName,
  formatDateTime,
  ResultTag,
  resultKey,
  StateTag,
  serviceName,
  shippingDetailPath,
  stateKey,
} from '../shared/shipping-labels.tsx';

/** The list's columns: sortable, and filtered by the closed sets (service, channel, state, result). */
export function useShippingListColumns(): TPagedColumn<TShippingRow>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'requestId',
      title: t('SHIPPING_ID'),
      sortable: true,
      width: 90,
      render: (row) => (
        <Link to={shippingDetailPath(row.requestId)} data-testid={`shipping-link-${row.requestId}`}>
          {row.requestId}
        </Link>
      ),
    },
    { key: 'reference', title: t('SHIPPING_REFERENCE'), sortable: true, ellipsis: true },
    {
      key: 'service',
      title: t('SHIPPING_SERVICE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: SERVICE_KINDS.map((value) => ({ value, label: serviceName(value, i18n.language) })),
      },
      render: (row) => serviceName(row.service, i18n.language),
    },
    {
      key: 'channel',
      title: t('SHIPPING_CHANNEL'),
      sortable: true,
      filter: {
        kind: 'options',
        options: CHANNELS.map((value) => ({ value, label: channelName(value, i18n.language) })),
      },
      render: (row) => channelName(row.channel, i18n.language),
    },
    { key: 'typeName', title: t('SHIPPING_TYPE'), sortable: true, ellipsis: true },
    { key: 'companyName', title: t('SHIPPING_COMPANY'), sortable: true, ellipsis: true },
    { key: 'sender', title: t('SHIPPING_SENDER'), sortable: true, ellipsis: true },
    { key: 'receiver', title: t('SHIPPING_RECEIVER'), sortable: true, ellipsis: true },
    {
      key: 'state',
      title: t('SHIPPING_STATE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: SHIPPING_STATE_FILTERS.map((value) => ({ value, label: t(stateKey(value)) })),
      },
      render: (row) => <StateTag state={row.state} testId={`row-state-${row.requestId}`} />,
    },
    {
      key: 'result',
      title: t('SHIPPING_RESULT'),
      sortable: true,
      filter: { kind: 'options', options: RESULT_FILTERS.map((value) => ({ value, label: t(resultKey(value)) })) },
      render: (row) => <ResultTag result={row.result} service={row.service} testId={`row-result-${row.requestId}`} />,
    },
    {
      key: 'createdAt',
      title: t('SHIPPING_CREATED_AT'),
      sortable: true,
      render: (row) => formatDateTime(row.createdAt),
    },
  ];
}

/** A row on a phone: the fields a reader looks for first, and the link to its detail. */
export function ShippingRowCard({ row }: { row: TShippingRow }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div className="row-card-head">
        <span className="row-card-title">{row.reference || `#${row.requestId}`}</span>
        <StateTag state={row.state} testId={`card-state-${row.requestId}`} />
      </div>
      <dl className="row-card-fields">
        <dt>{t('SHIPPING_RECEIVER')}</dt>
        <dd>{row.receiver}</dd>
        <dt>{t('SHIPPING_SERVICE')}</dt>
        <dd>{serviceName(row.service, i18n.language)}</dd>
        <dt>{t('SHIPPING_CREATED_AT')}</dt>
        <dd>{formatDateTime(row.createdAt)}</dd>
      </dl>
      <Link to={shippingDetailPath(row.requestId)} data-testid={`shipping-card-link-${row.requestId}`}>
        {t('SHIPPING_DETAIL_TITLE', { id: row.requestId })}
      </Link>
    </>
  );
}
