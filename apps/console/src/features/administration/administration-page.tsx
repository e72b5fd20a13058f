import { MailOutlined } from '@ant-design/icons';
import type { AdminKind } from '@sello/contracts/routes';
import { PATHS } from '@sello/contracts/routes';
import { Button, Empty, Spin, Tabs, Typography } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useIsPostalOperator } from '../../session/use-postal-operator.ts';
import { useSession } from '../../session/use-session.ts';
import { adminKindLabelKey, adminKindOfPath, adminListPath, visibleAdminTabs } from './shared/admin-paths.ts';
import { useAdminDomain } from './shared/use-admin-domain.ts';

/** Each tab's list, loaded when first shown. */
const LISTS: Record<AdminKind, ComponentType> = {
  domains: lazy(() => import('./domains/domains-list.tsx')),
  companies: lazy(() => import('./companies/companies-list.tsx')),
  users: lazy(() => import('./users/users-list.tsx')),
  groups: lazy(() => import('./groups/groups-list.tsx')),
  certificates: lazy(() => import('./certificates/certificates-list.tsx')),
  samlcertificates: lazy(() => import('./saml-certificates/saml-certificates-list.tsx')),
};

/**
 * `/administration` and every `/administration/{kind}[/{domainId}]`: the tabs of spec §2 the user may
 * open, and the list of the chosen one (the first tab on `/administration`).
 */
export default function AdministrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  const { chosenDomainId } = useAdminDomain();
  const tabs = visibleAdminTabs(permissions);
  const postalOperator = useIsPostalOperator();
  const kind = adminKindOfPath(location.pathname) ?? tabs[0];
  const List = kind ? LISTS[kind] : undefined;

  return (
    <div className="page admin-page">
      <Typography.Title level={2}>{t('ADMIN_TITLE')}</Typography.Title>
      {postalOperator && (
        <div className="admin-toolbar">
          <Button
            icon={<MailOutlined />}
            onClick={() => navigate(PATHS.administrationPostal)}
            data-testid="admin-postal-link"
          >
            {t('POSTAL_LINK')}
          </Button>
        </div>
      )}
      {tabs.length === 0 || !List ? (
        <Empty description={t('ADMIN_NO_TABS')} />
      ) : (
        <>
          <Tabs
            activeKey={kind}
            onChange={(key) =>
              navigate(adminListPath(key as AdminKind, key === 'domains' ? undefined : chosenDomainId))
            }
            items={tabs.map((tab) => ({
              key: tab,
              label: <span data-testid={`admin-tab-${tab}`}>{t(adminKindLabelKey(tab))}</span>,
            }))}
            data-testid="admin-tabs"
          />
          <Suspense fallback={<Spin className="route-spinner" />}>
            <List key={kind} />
          </Suspense>
        </>
      )}
    </div>
  );
}
