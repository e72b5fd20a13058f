import type { TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../session/use-session.ts';
import { TopNavigation } from './top-navigation.tsx';

/** The help and user menus use antd's Dropdown and Menu; they load once a signed-in page shows them. */
const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer.tsx')).NavDrawer }));
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

/** On a phone the navigation waits behind a menu button, in a panel that closes on the next page. */
function NavigationDrawer() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the trigger
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  return (
    <>
      <button
        type="button"
        className="header-button nav-drawer-button"
        aria-label={t('MENU_LABEL')}
        aria-expanded={open}
        aria-controls="nav-drawer"
        onClick={() => setOpen(true)}
        data-testid="nav-drawer-button"
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Suspense fallback={null}>
        <NavDrawer open={open} onClose={() => setOpen(false)} title={t('MENU_LABEL')}>
          <div id="nav-drawer">
            <TopNavigation inDrawer />
          </div>
        </NavDrawer>
      </Suspense>
    </>
  );
}

/** Logo always; navigation, help and user menus only when signed in and not on / or /login. */
export function AppHeader({ config, showNavigation }: { config: TOtherConfig | undefined; showNavigation: boolean }) {
  const { user } = useSession();
  return (
    <header className="app-header">
      {showNavigation && <NavigationDrawer />}
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
