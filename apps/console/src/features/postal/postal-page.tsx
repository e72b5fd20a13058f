import { Empty, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DomainSelect } from '../../components/form/domain-select.tsx';
import { useIsPostalOperator } from '../../session/use-postal-operator.ts';
import { useSession } from '../../session/use-session.ts';
import { CourierResults } from './courier-results.tsx';
import { PostalBatches } from './postal-batches.tsx';
import { PostalLetters } from './postal-letters.tsx';

const TABS = ['waiting', 'batches', 'results'] as const;
type TPostalTab = (typeof TABS)[number];

const TAB_KEYS: Record<TPostalTab, string> = {
  waiting: 'POSTAL_TAB_WAITING',
  batches: 'POSTAL_TAB_BATCHES',
  results: 'POSTAL_TAB_RESULTS',
};

/**
 * `/administration/postal`: the print room of postal delivery. Letters waiting, print batches and the
 * courier's results, for super admins (any domain, chosen above the tabs) and domain admins.
 */
export default function PostalPage() {
  const { t } = useTranslation();
  const { superAdmin, user } = useSession();
  const operator = useIsPostalOperator();
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((candidate) => candidate === search.get('tab')) ?? 'waiting';
  const domainParam = search.get('domainid');
  const domainid = superAdmin && domainParam && /^[1-9]\d*$/.test(domainParam) ? Number(domainParam) : undefined;

  const update = (name: string, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page postal-page">
      <Typography.Title level={2}>{t('POSTAL_TITLE')}</Typography.Title>
      {!operator ? (
        <Empty description={t('POSTAL_NOT_ALLOWED')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('POSTAL_INTRO')}</Typography.Paragraph>
          {superAdmin && (
            <div className="admin-toolbar">
              <DomainSelect value={domainid ?? user?.domainId ?? 0} onChange={(id) => update('domainid', String(id))} />
            </div>
          )}
          <Tabs
            activeKey={tab}
            onChange={(key) => update('tab', key)}
            items={TABS.map((key) => ({
              key,
              label: <span data-testid={`postal-tab-${key}`}>{t(TAB_KEYS[key])}</span>,
            }))}
          />
          {tab === 'waiting' && <PostalLetters domainid={domainid} />}
          {tab === 'batches' && <PostalBatches domainid={domainid} />}
          {tab === 'results' && <CourierResults />}
        </>
      )}
    </div>
  );
}
