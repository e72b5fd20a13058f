import type { TDomain } from '@sello/contracts/catalogue/administration-domains';
import { DOMAIN_TYPES } from '@sello/contracts/enums';
import { useTranslation } from 'react-i18next';
import { ActiveTag } from '../../../components/badges/badges.tsx';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { useSession } from '../../../session/use-session.ts';
import { AdminList } from '../shared/admin-list.tsx';

export function domainTypeLabelKey(type: string): string {
  return `DOMAIN_TYPE_${type}`;
}

/** Domains: a super admin sees and creates every domain; a domain admin sees and edits their own. */
export default function DomainsList() {
  const { t } = useTranslation();
  const { superAdmin, user } = useSession();
  const columns: TPagedColumn<TDomain>[] = [
    { key: 'code', title: t('DOMAIN_CODE'), sortable: true, filter: { kind: 'text' } },
    { key: 'name', title: t('DOMAIN_NAME'), sortable: true, filter: { kind: 'text' } },
    {
      key: 'domainType',
      title: t('DOMAIN_TYPE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: DOMAIN_TYPES.map((type) => ({ value: type, label: t(domainTypeLabelKey(type)) })),
      },
      render: (row) => t(domainTypeLabelKey(row.domainType)),
    },
    { key: 'companies', title: t('DOMAIN_COMPANIES') },
    { key: 'users', title: t('DOMAIN_USERS') },
    {
      key: 'twoFactorCoolDownHours',
      title: t('DOMAIN_TWO_FACTOR_COOL_DOWN'),
      sortable: true,
      render: (row) => t('DOMAIN_HOURS', { hours: row.twoFactorCoolDownHours }),
    },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => <ActiveTag active={row.active} />,
    },
  ];
  return (
    <AdminList<TDomain>
      kind="domains"
      columns={columns}
      defaultSort="name"
      nameOf={(row) => row.name}
      domainScoped={false}
      canCreate={superAdmin}
      canDelete={(row) => superAdmin && row.id !== user?.domainId}
    />
  );
}
