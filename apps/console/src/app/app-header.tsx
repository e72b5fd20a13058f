import type { TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { isMenuEntryActive, MENU_ENTRIES } from '@sello/contracts/routes';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/use-session.ts';

/** The help and user menus use antd's Dropdown and Menu; they load once a signed-in page shows them. */
const HeaderMenus = lazy(async () => ({ default: (await import('./header-menus.tsx')).HeaderMenus }));

function Logo({ customLogo }: { customLogo: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="app-logo">
      <img
        src={customLogo || '/logo.svg'}
        alt={t('LOGO_ALT')}
        data-testid={customLogo ? 'logo-custom' : 'logo-default'}
      />
      {!customLogo && <span className="app-name">Sello</span>}
    </span>
  );
}

function TopNavigation() {
  const { t } = useTranslation();
  const location = useLocation();
  const { permissions, roleKeys } = useSession();
  const entries = MENU_ENTRIES.filter((entry) => entry.isVisible(permissions, roleKeys));
  return (
    <nav className="top-nav" aria-label={t('MENU_LABEL')} data-testid="top-nav">
      {entries.map((entry) => {
        const active = isMenuEntryActive(entry, location.pathname, location.search);
        const to = entry.search ? `${entry.path}?${entry.search}` : entry.path;
        return (
          <Link
            key={entry.key}
            to={to}
            className={active ? 'top-nav-link active' : 'top-nav-link'}
            aria-current={active ? 'page' : undefined}
            data-testid={`nav-${entry.key}`}
          >
            {t(entry.key)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Logo always; navigation, help and user menus only when signed in and not on / or /login. */
export function AppHeader({ config, showNavigation }: { config: TOtherConfig | undefined; showNavigation: boolean }) {
  const { user } = useSession();
  return (
    <header className="app-header">
      <Logo customLogo={user?.customLogo} />
      {showNavigation && (
        <>
          <TopNavigation />
          <div className="header-menus">
            <Suspense fallback={null}>
              <HeaderMenus config={config} />
            </Suspense>
          </div>
        </>
      )}
    </header>
  );
}
