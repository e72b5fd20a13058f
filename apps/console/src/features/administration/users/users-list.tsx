import { UnlockOutlined } from '@ant-design/icons';
import type { TUserRow } from '@sello/contracts/catalogue/administration-users';
import { LANGUAGES } from '@sello/contracts/constants';
import { rankOf } from '@sello/contracts/role-rules';
import { ROLE_STRINGS } from '@sello/contracts/roles';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { ActiveTag, BlockedBadge, formatDateTime } from '../../../components/badges/badges.tsx';
import type { TPagedColumn } from '../../../components/paged-table/paged-table.tsx';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { useSession } from '../../../session/use-session.ts';
import { AdminList } from '../shared/admin-list.tsx';
import { roleLabel } from '../shared/labels.ts';
import { ResetTwoFactorButton } from './reset-two-factor-button.tsx';
import { useUnblockUser } from './use-users.ts';
import { UsersImport } from './users-import.tsx';

export default function UsersList() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const unblock = useUnblockUser();
  // Another user's account is changed only by someone at least as powerful (the server refuses otherwise).
  const mayManage = (row: TUserRow) => rankOf(row.roles) >= rankOf(me?.roles ?? []);

  const onUnblock = async (row: TUserRow) => {
    try {
      await unblock.mutateAsync(row.id);
      notify.success('USER_UNBLOCKED_OK', { params: { user: row.userid } });
    } catch (error) {
      notifyFailure(error);
    }
  };

  const columns: TPagedColumn<TUserRow>[] = [
    { key: 'userid', title: t('USER_USERID'), sortable: true, filter: { kind: 'text' } },
    { key: 'name', title: t('USER_NAME'), sortable: true, filter: { kind: 'text' } },
    { key: 'email', title: t('USER_EMAIL'), sortable: true, filter: { kind: 'text' } },
    {
      key: 'role',
      title: t('USER_ROLE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: Object.values(ROLE_STRINGS).map((role) => ({ value: role, label: roleLabel(role, t) })),
      },
      render: (row) => row.roles.map((role) => roleLabel(role, t)).join(', '),
    },
    {
      key: 'language',
      title: t('USER_LANGUAGE'),
      sortable: true,
      filter: {
        kind: 'options',
        options: LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABEL_KEYS[language]) })),
      },
      render: (row) => t(LANGUAGE_LABEL_KEYS[row.language]),
    },
    {
      key: 'active',
      title: t('ADMIN_STATE'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => (
        <Space size={4} wrap>
          <ActiveTag active={row.active} />
          {row.blocked && <BlockedBadge id={row.id} />}
        </Space>
      ),
    },
    {
      key: 'blocked',
      title: t('USER_BLOCKED'),
      sortable: true,
      filter: { kind: 'boolean' },
      render: (row) => (row.blocked ? t('YES') : t('NO')),
    },
    {
      key: 'lastLoginAt',
      title: t('USER_LAST_LOGIN'),
      sortable: true,
      render: (row) => formatDateTime(row.lastLoginAt),
    },
  ];

  return (
    <AdminList<TUserRow>
      kind="users"
      columns={columns}
      defaultSort="userid"
      nameOf={(row) => row.userid}
      canEdit={mayManage}
      canDelete={(row) => row.id !== me?.id && mayManage(row)}
      rowActions={(row) => (
        <>
          {row.blocked && mayManage(row) && (
            <Tooltip title={t('USER_UNBLOCK')}>
              <Button
                size="small"
                icon={<UnlockOutlined />}
                onClick={() => void onUnblock(row)}
                aria-label={t('USER_UNBLOCK')}
                data-testid={`row-unblock-${row.id}`}
              />
            </Tooltip>
          )}
          {row.id !== me?.id && !row.deletedAt && mayManage(row) && <ResetTwoFactorButton row={row} />}
        </>
      )}
      toolbar={<UsersImport />}
    />
  );
}
