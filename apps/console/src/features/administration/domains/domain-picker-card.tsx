import type { TPickerItem } from '@sello/contracts/common';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { DualListPicker } from '../../../components/dual-list-picker/dual-list-picker.tsx';

type TDualList = { available: TPickerItem[]; selected: TPickerItem[] };

/** A domain setting chosen with the dual-list picker, saved on its own. */
export function DomainPickerCard({
  title,
  hint,
  lists,
  save,
  savedKey,
  testId,
}: {
  title: string;
  hint: string;
  lists: UseQueryResult<TDualList>;
  save: UseMutationResult<unknown, Error, number[]>;
  savedKey: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<number[] | undefined>();

  const submit = async () => {
    if (!ids) return;
    try {
      await save.mutateAsync(ids);
      setIds(undefined);
      notify.success(savedKey);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Card title={title} className="page-card" data-testid={testId}>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {lists.data ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <DualListPicker available={lists.data.available} selected={lists.data.selected} onChange={setIds} />
          <Button
            type="primary"
            onClick={() => void submit()}
            disabled={ids === undefined}
            loading={save.isPending}
            data-testid={`${testId}-save`}
          >
            {t('SAVE')}
          </Button>
        </Space>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
