import { CERTIFICATE_STATUSES, type TCertificateStatus } from '@sello/contracts/catalogue/administration-common';
import type { TFunction } from 'i18next';
import {
  ActiveTag,
  CertificateStatusBadge,
  certificateStatusKey,
  formatDate,
} from '../../../components/badges/badges.tsx';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';

type TCertificateRow = {
  id: number;
  name: string;
  subject: string;
  commonName: string | null;
  issuer: string;
  issuerCommonName: string | null;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  status: TCertificateStatus;
  active: boolean;
};

/**
 * The inspection columns both certificate lists show, after their own first columns: subject, issuer,
 * serial (certificates only), validity (sorted by its end) with its badge, state.
 */
export function certificateColumns<Row extends TCertificateRow>(
  t: TFunction,
  { serial = true }: { serial?: boolean } = {},
): TPagedColumn<Row>[] {
  const columns: TPagedColumn<Row>[] = [
    {
      key: 'subject',
      title: t('CERT_SUBJECT'),
      sortable: true,
      filter: { kind: 'text' },
      render: (row) => <span title={row.subject}>{row.commonName ?? row.subject}</span>,
    },
    {
      key: 'issuer',
      title: t('CERT_ISSUER'),
      sortable: true,
      filter: { kind: 'text' },
      render: (row) => <span title={row.issuer}>{row.issuerCommonName ?? row.issuer}</span>,
    },
    {
      key: 'serialNumber',
      title: t('CERT_SERIAL'),
      sortable: true,
      filter: { kind: 'text' },
      render: (row) => (
        <code title={row.serialNumber}>
          {row.serialNumber.length > 16 ? `${row.serialNumber.slice(0, 16)}…` : row.serialNumber}
        </code>
      ),
    },
    {
      key: 'validTo',
      title: t('CERT_VALIDITY'),
      sortable: true,
      render: (row) => (
        <span className="cert-validity" data-testid={`cert-validity-${row.id}`}>
          {formatDate(row.validFrom)} – {formatDate(row.validTo)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('CERT_STATUS'),
      sortable: true,
      filter: {
        kind: 'options',
        options: CERTIFICATE_STATUSES.map((status) => ({ value: status, label: t(certificateStatusKey(status)) })),
      },
      render: (row) => <CertificateStatusBadge status={row.status} id={row.id} />,
    },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
  ];
  return serial ? columns : columns.filter((column) => column.key !== 'serialNumber');
}
