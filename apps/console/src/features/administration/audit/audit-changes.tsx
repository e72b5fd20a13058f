import type { TAuditRecordRow } from '@sello/contracts/catalogue/administration-audit';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeFieldChanges } from './audit-query.ts';

/** A record's detail: where it came from and each field before and after (a secret only as changed). */
export function AuditChanges({ record }: { record: TAuditRecordRow }) {
  const { t } = useTranslation();
  const lines = describeFieldChanges(record.changes);
  return (
    <div data-testid={`audit-detail-${record.id}`}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'roles', label: t('AUDIT_ROLES'), children: record.actorRoles.join(', ') || '—' },
          { key: 'ip', label: t('AUDIT_IP'), children: record.ip ?? '—' },
          { key: 'agent', label: t('AUDIT_USER_AGENT'), children: record.userAgent ?? '—' },
        ]}
      />
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('AUDIT_NO_CHANGES')}</Typography.Text>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={lines}
          columns={[
            { key: 'field', dataIndex: 'field', title: t('AUDIT_FIELD') },
            {
              key: 'before',
              title: t('AUDIT_BEFORE'),
              render: (_, line) => (line.secret ? t('AUDIT_SECRET_CHANGED') : line.before),
            },
            {
              key: 'after',
              title: t('AUDIT_AFTER'),
              render: (_, line) => (line.secret ? t('AUDIT_SECRET_CHANGED') : line.after),
            },
          ]}
        />
      )}
    </div>
  );
}
