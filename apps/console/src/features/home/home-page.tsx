import { MENU_ENTRIES, PATHS } from '@sello/contracts/routes';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/use-session.ts';

/** Entries of the top navigation that are not the home page itself, each with a short explanation. */
const START_ENTRIES = MENU_ENTRIES.filter((entry) => entry.path !== PATHS.home);

export default function HomePage() {
  const { t } = useTranslation();
  const { user, permissions, roleKeys } = useSession();
  const entries = START_ENTRIES.filter((entry) => entry.isVisible(permissions, roleKeys));
  return (
    <div className="page home-page">
      <Typography.Title level={2}>{t('HOME_WELCOME', { name: user?.name ?? '' })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('HOME_INTRO', { domain: user?.domainName ?? '' })}
        {user?.isSandbox && <strong className="sandbox-badge"> {t('SANDBOX_NOTICE')}</strong>}
      </Typography.Paragraph>
      <Row gutter={[16, 16]} data-testid="home-actions">
        {entries.map((entry) => (
          <Col key={entry.key} xs={24} sm={12} lg={8}>
            <Link to={entry.search ? `${entry.path}?${entry.search}` : entry.path} data-testid={`home-${entry.key}`}>
              <Card hoverable title={t(entry.key)}>
                {t(`${entry.key}_HINT`)}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
