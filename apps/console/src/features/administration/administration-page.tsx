import { MailOutlined } from '@ant-design/icons';
import type { AdminKind } from '@sello/contracts/routes';
import { canAccessPath, PATHS } from '@sello/contracts/routes';
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

const IdentityProvidersTab = lazy(() => import('./identity-providers/identity-providers-tab.tsx'));
/** Ours: the identity providers, a tab after the SAML certificates (docs/decisions/federation.md). */
const IDP_TAB = 'identityproviders';

/** Spec §2's tabs that are screens of their own: the tab leads there. */
const LINK_TABS = [
  { key: 'shippings', path: PATHS.shippings, flag: 'shippingList', label: 'MENU_SHIPPINGS' },
  { key: 'types', path: PATHS.types, flag: 'types', label: 'MENU_TYPES' },
  { key: 'templates', path: PATHS.templates, flag: 'templates', label: 'MENU_TEMPLATES' },
] as const;

/** Spec §2's order of the nine tabs. */
const TAB_ORDER = [
  'domains',
  'shippings',
  'types',
  'templates',
  'companies',
  'users',
  'groups',
  'certificates',
  'samlcertificates',
  IDP_TAB,
];

/**
 * `/administration` and every `/administration/{kind}[/{domainId}]`: the tabs of spec §2 the user may
 * open, and the list of the chosen one (the first tab on `/administration`).
 */
export default function AdministrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions, superAdmin, roleKeys } = useSession();
  const { chosenDomainId } = useAdminDomain();
  const tabs = visibleAdminTabs(permissions);
  const links = LINK_TABS.filter((link) => permissions[link.flag] === true);
  // Whoever configures a provider bounds whom it signs in: domain administrators and super admins only.
  const showsProviders =
    canAccessPath(PATHS.administrationIdentityProviders, permissions) &&
    (superAdmin || roleKeys.includes('domainAdmin'));
  const items = [
    ...tabs.map((tab) => ({ key: tab as string, label: t(adminKindLabelKey(tab)) })),
    ...links.map((link) => ({ key: link.key as string, label: t(link.label) })),
    ...(showsProviders ? [{ key: IDP_TAB, label: t('IDP_TITLE') }] : []),
  ].sort((a, b) => TAB_ORDER.indexOf(a.key) - TAB_ORDER.indexOf(b.key));
  const postalOperator = useIsPostalOperator();
  const onProviders = showsProviders && location.pathname.startsWith(PATHS.administrationIdentityProviders);
  const kind = adminKindOfPath(location.pathname) ?? tabs[0];
  const List = onProviders ? IdentityProvidersTab : kind ? LISTS[kind] : undefined;
  const activeKey = onProviders ? IDP_TAB : kind;

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
            activeKey={activeKey}
            onChange={(key) => {
              const link = LINK_TABS.find((entry) => entry.key === key);
              if (link) navigate(link.path);
              else if (key === IDP_TAB) {
                const base = PATHS.administrationIdentityProviders;
                navigate(chosenDomainId === undefined ? base : `${base}/${chosenDomainId}`);
              } else navigate(adminListPath(key as AdminKind, key === 'domains' ? undefined : chosenDomainId));
            }}
            items={items.map((item) => ({
              key: item.key,
              label: <span data-testid={`admin-tab-${item.key}`}>{item.label}</span>,
            }))}
            data-testid="admin-tabs"
            className="admin-tabs"
          />
          <Suspense fallback={<Spin className="route-spinner" />}>
            <List key={activeKey} />
          </Suspense>
        </>
      )}
    </div>
  );
}
