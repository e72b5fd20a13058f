import { SafetyOutlined } from '@ant-design/icons';
import type { TUserRow } from '@sello/contracts/catalogue/administration-users';
import { twoFactorAdminApi } from '@sello/contracts/catalogue/two-factor';
import { useMutation } from '@tanstack/react-query';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { callEndpoint, notifyFailure } from '../../../api/http-client.ts';

/** Removes a user's second factor (a lost phone); the user sets one up again. The server records who did it. */
export function ResetTwoFactorButton({ row }: { row: TUserRow }) {
  const { t } = useTranslation();
  const reset = useMutation({
    mutationFn: (id: number) => callEndpoint(twoFactorAdminApi.resetTwoFactor, { params: { id } }),
  });
  const confirm = async () => {
    try {
      await reset.mutateAsync(row.id);
      notify.success('TWO_FACTOR_RESET_OK', { params: { user: row.userid } });
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <Popconfirm
      title={t('TWO_FACTOR_RESET_CONFIRM', { user: row.userid })}
      description={t('TWO_FACTOR_RESET_HINT')}
      okText={t('TWO_FACTOR_RESET')}
      cancelText={t('CANCEL')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      onConfirm={confirm}
    >
      <Tooltip title={t('TWO_FACTOR_RESET')}>
        <Button
          size="small"
          icon={<SafetyOutlined />}
          aria-label={t('TWO_FACTOR_RESET')}
          data-testid={`row-reset-two-factor-${row.id}`}
        />
      </Tooltip>
    </Popconfirm>
  );
}
