import { DownloadOutlined } from '@ant-design/icons';
import { auditApi, type TAuditRecordRow } from '@sello/contracts/catalogue/administration-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../api/http-client.ts';
import { formatDateTime } from '../../../components/badges/badges.tsx';
import { downloadFile } from '../../../components/download-file.ts';
import { useAllDomains } from '../../../components/form/domain-select.tsx';
import { useSession } from '../../../session/use-session.ts';
import { AuditChanges } from './audit-changes.tsx';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type TAuditFilters, toAuditQuery } from './audit-query.ts';

const PAGE_SIZE = 20;

/**
 * `/administration/audit`: the trail of changes and security events, newest first. A domain admin reads their
 * domain's; a super admin every domain's, or one chosen. Filters by period, actor, entity and action; each row opens
 * its field changes; the export answers the same filtered trail as Excel.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const { superAdmin } = useSession();
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [page, setPage] = useState(1);
  const domains = useAllDomains(superAdmin);
  const query = toAuditQuery(filters, { first: (page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE });
  const trail = useQuery({
    queryKey: ['administration', 'audit', query],
    queryFn: () => callEndpoint(auditApi.read, { query: query as never }),
    placeholderData: keepPreviousData,
  });
  const domainName = new Map((domains.data ?? []).map((domain) => [domain.value, domain.text]));

  const change = (next: Partial<TAuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const changePeriod = (range: [Dayjs | null, Dayjs | null] | null) =>
    change({ from: range?.[0]?.toISOString() ?? undefined, to: range?.[1]?.toISOString() ?? undefined });
  const exportTrail = () => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    void downloadFile(auditApi.export.path, { ...rest, language: i18n.language });
  };

  return (
    <div className="page audit-page">
      <Typography.Title level={2}>{t('AUDIT_TITLE')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('AUDIT_INTRO')}</Typography.Paragraph>
      <Space wrap className="admin-toolbar" data-testid="audit-filters">
        {superAdmin && (
          <Select<number | 'all'>
            value={filters.domainid ?? 'all'}
            onChange={(value) => change({ domainid: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('AUDIT_ALL_DOMAINS') },
              ...(domains.data ?? []).map((domain) => ({ value: domain.value, label: domain.text })),
            ]}
            style={{ minWidth: 200 }}
            aria-label={t('ADMIN_DOMAIN')}
            data-testid="audit-domain"
          />
        )}
        <DatePicker.RangePicker
          showTime
          style={{ maxWidth: '100%' }}
          onChange={(range) => changePeriod(range)}
          aria-label={t('AUDIT_PERIOD')}
          data-testid="audit-period"
        />
        <Input.Search
          allowClear
          placeholder={t('AUDIT_ACTOR')}
          aria-label={t('AUDIT_ACTOR')}
          onSearch={(actor) => change({ actor })}
          style={{ width: 200 }}
          data-testid="audit-actor"
        />
        <Select<string>
          allowClear
          placeholder={t('AUDIT_ENTITY')}
          aria-label={t('AUDIT_ENTITY')}
          value={filters.entity}
          onChange={(entity) => change({ entity })}
          options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: entity }))}
          style={{ minWidth: 180 }}
          data-testid="audit-entity"
        />
        <Select<string>
          allowClear
          placeholder={t('AUDIT_ACTION')}
          aria-label={t('AUDIT_ACTION')}
          value={filters.action}
          onChange={(action) => change({ action })}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: action }))}
          style={{ minWidth: 180 }}
          data-testid="audit-action"
        />
        <Button icon={<DownloadOutlined />} onClick={exportTrail} data-testid="audit-export">
          {t('AUDIT_EXPORT')}
        </Button>
      </Space>
      <Table<TAuditRecordRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={trail.isFetching}
        dataSource={trail.data?.rows ?? []}
        expandable={{ expandedRowRender: (record) => <AuditChanges record={record} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: trail.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'at', title: t('AUDIT_AT'), render: (_, row) => formatDateTime(row.at) },
          ...(superAdmin
            ? [
                {
                  key: 'domain',
                  title: t('ADMIN_DOMAIN'),
                  render: (_: unknown, row: TAuditRecordRow) =>
                    row.domainId === null ? '—' : (domainName.get(row.domainId) ?? String(row.domainId)),
                },
              ]
            : []),
          {
            key: 'actor',
            title: t('AUDIT_ACTOR'),
            render: (_, row) => row.actorName ?? t(`AUDIT_ACTOR_${row.actorKind.toUpperCase()}`),
          },
          { key: 'entity', title: t('AUDIT_ENTITY'), dataIndex: 'entity' },
          { key: 'entityId', title: t('AUDIT_ENTITY_ID'), render: (_, row) => row.entityId ?? '—' },
          { key: 'action', title: t('AUDIT_ACTION'), dataIndex: 'action' },
          { key: 'ip', title: t('AUDIT_IP'), render: (_, row) => row.ip ?? '—' },
        ]}
        data-testid="audit-table"
      />
    </div>
  );
}
