import type { TCompany } from '@sello/contracts/catalogue/administration-companies';
import { useTranslation } from 'react-i18next';
import { ActiveTag } from '../../../components/badges/badges.tsx';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { useSession } from '../../../session/use-session.ts';
import { AdminList } from '../shared/admin-list.tsx';

export default function CompaniesList() {
  const { t } = useTranslation();
  const { superAdmin, roleKeys } = useSession();
  // Plain administrators manage the companies they were given; creating one is for domain administrators.
  const canCreate = superAdmin || roleKeys.includes('domainAdmin');
  const columns: TPagedColumn<TCompany>[] = [
    { key: 'name', title: t('COMPANY_NAME'), sortable: true, filter: { kind: 'text' } },
    { key: 'taxId', title: t('COMPANY_TAX_ID'), sortable: true, filter: { kind: 'text' } },
    { key: 'vatNumber', title: t('COMPANY_VAT'), sortable: true, filter: { kind: 'text' } },
    { key: 'email', title: t('COMPANY_EMAIL'), sortable: true, filter: { kind: 'text' } },
    { key: 'users', title: t('COMPANY_USERS') },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
  ];
  return (
    <AdminList<TCompany>
      kind="companies"
      columns={columns}
      defaultSort="name"
      nameOf={(row) => row.name}
      canCreate={canCreate}
    />
  );
}
