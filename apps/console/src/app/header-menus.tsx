import { QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import type { TOtherConfig } from '@sello/contracts/catalogue/configuration-shell';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import { PATHS, showsAuditTrail, showsDeletedItems, showsSettings } from '@sello/contracts/routes';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage } from '../i18n/change-language.ts';
import { pickManualUrl } from '../i18n/language.ts';
import { LANGUAGE_LABEL_KEYS } from '../i18n/language-labels.ts';
import { logout } from '../session/logout.ts';
import { useSession } from '../session/use-session.ts';

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
      <button type="button" className="header-button" data-testid="help-menu" aria-label={t('HELP')}>
        <QuestionCircleOutlined /> <span className="header-button-text-optional">{t('HELP')}</span>
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
    showsAuditTrail(permissions) && {
      key: 'audit',
      label: (
        <Link to={PATHS.administrationAudit} data-testid="menu-audit">
          {t('MENU_AUDIT')}
        </Link>
      ),
    },
    showsSettings(permissions) && {
      key: 'settings',
      label: (
        <Link to={PATHS.administrationSettings} data-testid="menu-settings">
          {t('MENU_SETTINGS')}
        </Link>
      ),
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

/** Help and user menus of the signed-in header. */
export function HeaderMenus({ config }: { config: TOtherConfig | undefined }) {
  return (
    <>
      <HelpMenu config={config} />
      <UserMenu />
    </>
  );
}
