import type { TSamlCertificate } from '@sello/contracts/catalogue/administration-saml-certificates';
import { useTranslation } from 'react-i18next';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { certificateColumns } from '../certificates/certificate-columns.tsx';
import { AdminList } from '../shared/admin-list.tsx';

export default function SamlCertificatesList() {
  const { t } = useTranslation();
  const columns: TPagedColumn<TSamlCertificate>[] = [
    { key: 'name', title: t('CERT_NAME'), sortable: true, filter: { kind: 'text' } },
    {
      key: 'entityId',
      title: t('SAML_ENTITY_ID'),
      sortable: true,
      filter: { kind: 'text' },
    },
    ...certificateColumns<TSamlCertificate>(t, { serial: false }),
  ];
  return (
    <AdminList<TSamlCertificate>
      kind="samlcertificates"
      columns={columns}
      defaultSort="name"
      nameOf={(row) => row.name}
    />
  );
}
