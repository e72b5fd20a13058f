import type { TShippingEvent } from '@sello/contracts/catalogue/shippings-detail';
import { evidenceGroupOf } from '@sello/contracts/evidence-groups';
import { shownAction, shownResult } from '@sello/contracts/shipping-rules';
import { Card, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, resultKey } from '../shared/shipping-labels.tsx';

/** The shipping's timeline: when, who, which evidence group, and the change of state. */
export function DetailEventsCard({ events, service }: { events: TShippingEvent[]; service: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('SHIPPING_EVENTS')} size="small" className="shipping-detail-card">
      <Timeline
        data-testid="detail-events"
        items={events.map((event) => ({
          key: event.seq,
          children: (
            <div data-testid={`event-${event.seq}`}>
              <strong>{formatDateTime(event.at)}</strong> · {event.actor === 'system' ? t('EVENT_SYSTEM') : event.actor}{' '}
              ·{' '}
              <Tag title={t('EVIDENCE_GROUP')} data-testid={`event-group-${event.seq}`}>
                {t(`EVIDENCE_GROUP_${evidenceGroupOf(event.action).group}`)}
              </Tag>
              <div>
                {t(`EVENT_ACTION_${shownAction(event.action, service)}`, { defaultValue: event.action })}:{' '}
                {event.fromState ? `${t(`SHIPPING_STATE_${event.fromState}`)} → ` : ''}
                {t(`SHIPPING_STATE_${event.toState}`)}
                {event.toResult ? ` (${t(resultKey(shownResult(event.toResult, service)))})` : ''}
              </div>
              {event.reason && <div className="shipping-event-reason">{event.reason}</div>}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
