import { Button, Card, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../alerts/alert-store.ts';
import { notifyFailure } from '../../api/http-client.ts';
import { DualListPicker } from '../../components/dual-list-picker/dual-list-picker.tsx';
import { useSaveWfUsers, useWfUsers } from './types-api.ts';

/** The users who must authorise every shipping of the type, chosen among the company's authorisers. */
export function TypeWorkflowCard({ typeId }: { typeId: number }) {
  const { t } = useTranslation();
  const users = useWfUsers(typeId);
  const save = useSaveWfUsers();
  const [chosen, setChosen] = useState<number[] | undefined>();
  const submit = () => {
    const wfUsers = chosen ?? users.data?.selected.map((user) => user.value) ?? [];
    save.mutate(
      { typeId, wfUsers },
      { onSuccess: () => notify.success('TYPE_WF_USERS_SAVED'), onError: notifyFailure },
    );
  };
  return (
    <Card className="page-card" title={t('TYPE_WF_USERS')} data-testid="type-workflow-card">
      <Typography.Paragraph type="secondary">{t('TYPE_WF_USERS_HINT')}</Typography.Paragraph>
      {users.data ? (
        <DualListPicker
          available={users.data.available}
          selected={users.data.selected}
          onChange={(ids) => setChosen(ids)}
          availableTitle={t('PICKER_AVAILABLE')}
          selectedTitle={t('TYPE_WF_USERS')}
          data-testid="type-wf-users-picker"
        />
      ) : (
        <Spin />
      )}
      <Button
        type="primary"
        onClick={submit}
        loading={save.isPending}
        style={{ marginTop: 12 }}
        data-testid="type-wf-users-save"
      >
        {t('SAVE')}
      </Button>
    </Card>
  );
}
