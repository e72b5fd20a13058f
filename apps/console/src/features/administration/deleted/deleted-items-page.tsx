import { Empty, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DomainSelect } from '../../../components/form/domain-select.tsx';
import { useSession } from '../../../session/use-session.ts';
import { DeletedList } from './deleted-list.tsx';
import { visibleDeletedTabs } from './deleted-tabs.ts';

const TAB_LABEL_KEYS: Record<string, string> = {
  shippings: 'DELETED_TAB_SHIPPINGS',
  types: 'DELETED_TAB_TYPES',
  templates: 'DELETED_TAB_TEMPLATES',
  companies: 'DELETED_TAB_COMPANIES',
  groups: 'DELETED_TAB_GROUPS',
  certificates: 'DELETED_TAB_CERTIFICATES',
  users: 'DELETED_TAB_USERS',
  domains: 'DELETED_TAB_DOMAINS',
};

/** `/administration/deleted`: one tab per bin permission held, each listing deleted records to recover. */
export default function DeletedItemsPage() {
  const { t } = useTranslation();
  const { permissions, roleKeys, superAdmin, user } = useSession();
  const [search, setSearch] = useSearchParams();
  const tabs = visibleDeletedTabs({ permissions, roleKeys, superAdmin });
  const active = tabs.find((tab) => tab.key === search.get('tab')) ?? tabs[0];
  const domainParam = search.get('domainid');
  const domainid = superAdmin && domainParam && /^[1-9]\d*$/.test(domainParam) ? Number(domainParam) : undefined;

  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams();
        // Paging and filters belong to the tab being left: start the new one clean.
        for (const name of ['tab', 'domainid']) {
          const value = current.get(name);
          if (value !== null) next.set(name, value);
        }
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page deleted-page">
      <Typography.Title level={2}>{t('DELETED_TITLE')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('DELETED_INTRO')}</Typography.Paragraph>
      {!active ? (
        <Empty description={t('DELETED_NO_TABS')} />
      ) : (
        <>
          {superAdmin && active.key !== 'domains' && (
            <div className="admin-toolbar">
              <DomainSelect
                value={domainid ?? user?.domainId ?? 0}
                onChange={(id) => update({ domainid: String(id) })}
              />
            </div>
          )}
          <Tabs
            activeKey={active.key}
            onChange={(key) => update({ tab: key })}
            items={tabs.map((tab) => ({
              key: tab.key,
              label: <span data-testid={`deleted-tab-${tab.key}`}>{t(TAB_LABEL_KEYS[tab.key] ?? tab.key)}</span>,
            }))}
            data-testid="deleted-tabs"
          />
          {active.kinds.map((kind) => (
            <DeletedList key={kind} kind={kind} domainid={domainid} showTitle={active.kinds.length > 1} />
          ))}
        </>
      )}
    </div>
  );
}
