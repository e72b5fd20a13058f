import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/use-session.ts';
import { DomainSettingsCard } from './domain-settings-card.tsx';
import { PlatformSettingsCard } from './platform-settings-card.tsx';

/**
 * `/administration/settings`: what an administrator changes without SQL. A super admin sees the platform's settings
 * and any domain's own; a domain admin their domain's. Saved values apply on every server copy at once.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { superAdmin } = useSession();
  return (
    <div className="page settings-page" data-testid="settings-page">
      <Typography.Title level={2}>{t('SETTINGS_TITLE')}</Typography.Title>
      {superAdmin && <PlatformSettingsCard />}
      <DomainSettingsCard />
    </div>
  );
}
