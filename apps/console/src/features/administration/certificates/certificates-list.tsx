import type { TCertificate } from '@sello/contracts/catalogue/administration-certificates';
import { useTranslation } from 'react-i18next';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { AdminList } from '../shared/admin-list.tsx';
import { certificateColumns } from './certificate-columns.tsx';

export default function CertificatesList() {
  const { t } = useTranslation();
  const columns: TPagedColumn<TCertificate>[] = [
    { key: 'name', title: t('CERT_NAME'), sortable: true, filter: { kind: 'text' } },
    {
      key: 'alias',
      title: t('CERT_ALIAS'),
      sortable: true,
      filter: { kind: 'text' },
      render: (row) => row.alias ?? '—',
    },
    ...certificateColumns<TCertificate>(t),
  ];
  return (
    <AdminList<TCertificate> kind="certificates" columns={columns} defaultSort="name" nameOf={(row) => row.name} />
  );
}
