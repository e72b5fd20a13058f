import type { TGroup } from '@sello/contracts/catalogue/administration-groups';
import { useTranslation } from 'react-i18next';
import { ActiveTag } from '../../../components/badges/badges.tsx';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { AdminList } from '../shared/admin-list.tsx';

export default function GroupsList() {
  const { t } = useTranslation();
  const columns: TPagedColumn<TGroup>[] = [
    { key: 'name', title: t('GROUP_NAME'), sortable: true, filter: { kind: 'text' } },
    { key: 'description', title: t('GROUP_DESCRIPTION'), sortable: true, filter: { kind: 'text' } },
    { key: 'users', title: t('GROUP_MEMBERS_COUNT') },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
  ];
  return <AdminList<TGroup> kind="groups" columns={columns} defaultSort="name" nameOf={(row) => row.name} />;
}
