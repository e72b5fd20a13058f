import type { TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  channelName,
  formatDateTime,
  identificationSubstateKey,
  serviceName,
  situationReasonKey,
} from '../shared/shipping-labels.tsx';

/**
 * A template's words without its markup: a shipping sent in a template with no text of the sender's own
 * shows the template as filled at creation (the receiver's own values still as {{variables}}).
 */
function textOf(html: string): string {
  const lines = html.replace(/<\/(p|div|li|h[1-6]|tr|blockquote)\s*>|<br\s*\/?>/gi, '$&\n');
  return new DOMParser().parseFromString(lines, 'text/html').body.textContent?.trim() ?? '';
}

/** The shipping's own data: subject, service, situation, dates, custom and form fields, and its message. */
export function DetailDataCard({ shipping }: { shipping: TShippingDetail }) {
  const { t, i18n } = useTranslation();
  const message = shipping.body || (shipping.templateBody ? textOf(shipping.templateBody) : null);
  return (
    <Card title={t('SHIPPING_DATA')} size="small" className="shipping-detail-card">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="detail-data">
        <Descriptions.Item label={t('SHIPPING_REFERENCE')}>{shipping.reference ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_SUBJECT')}>{shipping.subject}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_SERVICE')}>
          {serviceName(shipping.service, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_CHANNEL')}>
          {channelName(shipping.channel, i18n.language)}
        </Descriptions.Item>
        {(shipping.situationCode || shipping.situationReason) && (
          <Descriptions.Item label={t('SHIPPING_SITUATION')}>
            <span data-testid="detail-situation">
              {[shipping.situationCode, shipping.situationReason && t(situationReasonKey(shipping.situationReason))]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </Descriptions.Item>
        )}
        {shipping.identificationSubstate && (
          <Descriptions.Item label={t('SHIPPING_IDENTIFICATION')}>
            <span data-testid="detail-identification">
              {t(identificationSubstateKey(shipping.identificationSubstate))}
            </span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('SHIPPING_TYPE')}>{shipping.typeName}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_COMPANY')}>{shipping.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_SENDER')}>{shipping.sender}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_CREATED_AT')}>{formatDateTime(shipping.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('SHIPPING_UPDATED_AT')}>{formatDateTime(shipping.updatedAt)}</Descriptions.Item>
        {shipping.responseDeadlineAt && (
          <Descriptions.Item label={t('SHIPPING_RESPONSE_DEADLINE')}>
            {formatDateTime(shipping.responseDeadlineAt)}
          </Descriptions.Item>
        )}
        {shipping.custodyUntil && (
          <Descriptions.Item label={t('SHIPPING_CUSTODY_UNTIL')}>
            {formatDateTime(shipping.custodyUntil)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="GUID">
          <Typography.Text copyable>{shipping.guid}</Typography.Text>
        </Descriptions.Item>
        {Object.entries(shipping.customFields).map(([name, value]) => (
          <Descriptions.Item key={`custom-${name}`} label={name}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {shipping.formValues.length > 0 && (
        <Descriptions
          title={t('SHIPPING_FORM')}
          column={{ xs: 1, md: 2 }}
          size="small"
          data-testid="detail-form-values"
          items={shipping.formValues.map((entry) => ({ key: entry.name, label: entry.label, children: entry.value }))}
        />
      )}
      {message && (
        <Typography.Paragraph className="shipping-body" data-testid="detail-body">
          {message}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
