import { QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import type { TOtherConfig } from '@sello/contracts/catalogue/configuration';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { isMenuEntryActive, MENU_ENTRIES, PATHS, showsDeletedItems } from '@sello/contracts/routes';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { pickManualUrl } from '../i18n/language.ts';
import { logout } from '../session/logout.ts';
import { useSession } from '../session/use-session.ts';
import { changeLanguage } from './change-language.ts';

const LANGUAGE_LABEL_KEYS: Record<Language, string> = {
  'es-es': 'LANGUAGE_ES',
  'en-en': 'LANGUAGE_EN',
  'pt-pt': 'LANGUAGE_PT',
};

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

function HelpMenu({ config }: { config: TOtherConfig | undefined }) {
  const { t, i18n } = useTranslation();
  if (!config) return null;
  const manual = pickManualUrl(i18n.language as Language, config);
  // Spec order; an external entry shows only when its URL is configured, the FAQs are part of the console.
  const entries: { key: string; label: string; url: string | null; internal?: boolean }[] = [
    { key: 'videos', label: 'HELP_VIDEOS', url: config.videoTutorialsUrl },
    { key: 'manual', label: 'HELP_MANUAL', url: manual },
    { key: 'faqs', label: 'HELP_FAQS', url: PATHS.faqs, internal: true },
    { key: 'releases', label: 'HELP_RELEASES', url: config.releasesUrl },
  ];
  const items: MenuProps['items'] = entries
    .filter((entry): entry is typeof entry & { url: string } => entry.url !== null && entry.url !== '')
    .map((entry) => ({
      key: entry.key,
      label: entry.internal ? (
        <Link to={entry.url} data-testid={`help-${entry.key}`}>
          {t(entry.label)}
        </Link>
      ) : (
        <a href={entry.url} target="_blank" rel="noreferrer" data-testid={`help-${entry.key}`}>
          {t(entry.label)}
        </a>
      ),
    }));
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <button type="button" className="header-button" data-testid="help-menu">
        <QuestionCircleOutlined /> {t('HELP')}
      </button>
    </Dropdown>
  );
}

function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user, permissions, loggedIn } = useSession();
  const items: MenuProps['items'] = [
    { key: 'account', label: <Link to={PATHS.account}>{t('MENU_ACCOUNT')}</Link> },
    {
      key: 'language',
      label: t('LANGUAGE'),
      children: LANGUAGES.map((language) => ({
        key: `lang-${language}`,
        label: <span data-testid={`language-${language}`}>{t(LANGUAGE_LABEL_KEYS[language])}</span>,
        disabled: i18n.language === language,
        onClick: () => void changeLanguage(language, navigate, { loggedIn, permissions }),
      })),
    },
    showsDeletedItems(permissions) && {
      key: 'deleted',
      label: <Link to={PATHS.administrationDeleted}>{t('MENU_DELETED')}</Link>,
    },
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="logout">{t('LOGOUT')}</span>, onClick: () => logout() },
  ].filter(Boolean) as MenuProps['items'];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <button type="button" className="header-button" data-testid="user-menu">
        <UserOutlined /> {user?.name ?? user?.userid}
      </button>
    </Dropdown>
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
            <HelpMenu config={config} />
            <UserMenu />
          </div>
        </>
      )}
    </header>
  );
}
