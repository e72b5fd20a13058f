import type { TCertificateStatus } from '@sello/contracts/catalogue/administration-common';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Tag color={active ? 'green' : 'default'}>{active ? t('ADMIN_ACTIVE') : t('ADMIN_INACTIVE')}</Tag>;
}

export function BlockedBadge({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Tag color="red" data-testid={`blocked-badge-${id}`}>
      {t('ADMIN_BLOCKED')}
    </Tag>
  );
}

const STATUS_COLORS: Record<TCertificateStatus, string> = { valid: 'green', expiringSoon: 'orange', expired: 'red' };
const STATUS_KEYS: Record<TCertificateStatus, string> = {
  valid: 'CERT_STATUS_VALID',
  expiringSoon: 'CERT_STATUS_EXPIRING_SOON',
  expired: 'CERT_STATUS_EXPIRED',
};

export function certificateStatusKey(status: TCertificateStatus): string {
  return STATUS_KEYS[status];
}

/** Expired, expiring within 30 days, or valid: the badge the server computed from the validity. */
export function CertificateStatusBadge({ status, id }: { status: TCertificateStatus; id?: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={id === undefined ? 'cert-status' : `cert-status-${id}`}>
      {t(STATUS_KEYS[status])}
    </Tag>
  );
}

/** A date and time in the user's language, or a dash. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('L LT') : '—';
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('L') : '—';
}
