import type { TShippingDashboard } from '@sello/contracts/catalogue/shippings-dashboard';
import type { ResultFilter, ShippingStateFilter } from '@sello/contracts/enums';
import { MENU_ENTRIES, PATHS } from '@sello/contracts/routes';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../session/use-session.ts';
import { useShippingDashboard } from '../shared/shipping-api.ts';
import { formatDateTime, ResultTag, resultKey, StateTag, stateKey } from '../shared/shipping-labels.tsx';
import { BarList, CountTile, type TBar, TimeChart } from './dashboard-charts.tsx';
import {
  browserTimeZone,
  errorLink,
  lastDays,
  listLink,
  PERIOD_PRESETS,
  parseDashboardSearch,
  pendingLink,
  type TDashboardChoice,
  type TPeriod,
  timeBars,
  toDashboardQuery,
  writeDashboardSearch,
} from './dashboard-links.ts';

const ERROR_STATES: readonly ShippingStateFilter[] = ['not_send_error'];
const ERROR_RESULTS: readonly ResultFilter[] = ['error', 'pin_error', 'exceeded_ocr_tries'];

/** Entries of the top navigation other than home, offered as shortcuts with a short explanation. */
const SHORTCUTS = MENU_ENTRIES.filter((entry) => entry.path !== PATHS.home);

/** `/home`: the shippings of a period at a glance, every figure a link to the list that shows it. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, permissions, roleKeys } = useSession();
  const [search, setSearch] = useSearchParams();
  const { period, choice } = useMemo(() => parseDashboardSearch(search), [search]);
  const timeZone = useMemo(browserTimeZone, []);
  const dashboard = useShippingDashboard(toDashboardQuery(period, choice, timeZone));
  const data = dashboard.data;
  const canChoose = Boolean(permissions.shippingList);

  const show = (next: TPeriod, nextChoice: TDashboardChoice) =>
    setSearch(writeDashboardSearch(next, nextChoice), { replace: true });

  return (
    <div className="page dashboard" data-testid="dashboard">
      <Typography.Title level={2}>{t('HOME_WELCOME', { name: user?.name ?? '' })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('HOME_INTRO', { domain: user?.domainName ?? '' })}
        {user?.isSandbox && <strong className="sandbox-badge"> {t('SANDBOX_NOTICE')}</strong>}
      </Typography.Paragraph>

      <div className="dashboard-toolbar">
        <Typography.Text strong>{t('DASHBOARD_PERIOD')}</Typography.Text>
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(period.from), dayjs(period.to)]}
          presets={PERIOD_PRESETS.map((days) => {
            const preset = lastDays(days);
            return { label: t('DASHBOARD_LAST_DAYS', { count: days }), value: [dayjs(preset.from), dayjs(preset.to)] };
          })}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (from && to) show({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') }, choice);
          }}
          data-testid="dashboard-range"
        />
        {canChoose && (
          <Segmented
            value={choice}
            options={[
              { value: 'all', label: t('SHIPPINGS_VIEW_ALL') },
              { value: 'own', label: t('SHIPPINGS_VIEW_OWN') },
            ]}
            onChange={(value) => show(period, value as TDashboardChoice)}
            data-testid="dashboard-scope"
          />
        )}
      </div>

      {dashboard.isError && <Alert type="error" showIcon message={t('DASHBOARD_LOAD_ERROR')} />}
      {!data && !dashboard.isError && <Skeleton active />}
      {data && <DashboardBody data={data} period={period} />}

      <Typography.Title level={4} className="dashboard-shortcuts-title">
        {t('DASHBOARD_SHORTCUTS')}
      </Typography.Title>
      <ul className="dashboard-shortcuts" data-testid="home-actions">
        {SHORTCUTS.filter((entry) => entry.isVisible(permissions, roleKeys)).map((entry) => (
          <li key={entry.key}>
            <Link to={entry.search ? `${entry.path}?${entry.search}` : entry.path} data-testid={`home-${entry.key}`}>
              {t(entry.key)}
            </Link>
            <span className="dashboard-shortcut-hint">{t(`${entry.key}_HINT`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DashboardBody({ data, period }: { data: TShippingDashboard; period: TPeriod }) {
  const { t } = useTranslation();
  const scope = data.scope;
  const stateBars: TBar[] = data.byState
    .filter((entry) => entry.count > 0)
    .map(({ state, count }) => ({
      key: state,
      label: t(stateKey(state)),
      count,
      href: listLink(scope, period, { state }),
      ...(ERROR_STATES.includes(state) && { tone: 'error' as const }),
    }));
  const resultBars: TBar[] = data.byResult
    .filter((entry) => entry.count > 0)
    .map(({ result, count }) => ({
      key: result,
      label: t(resultKey(result)),
      count,
      href: listLink(scope, period, { result }),
      ...(ERROR_RESULTS.includes(result) && { tone: 'error' as const }),
    }));
  const bars = timeBars(data.byDay);
  const byMonth = bars[0]?.unit === 'month';

  return (
    <>
      <Row gutter={[16, 16]} className="dashboard-tiles">
        <Col xs={24} sm={12}>
          <CountTile
            to={listLink(scope, period)}
            label={t('DASHBOARD_TOTAL')}
            count={data.total}
            testId="dashboard-total"
          />
        </Col>
        <Col xs={24} sm={12}>
          <CountTile
            to={pendingLink()}
            label={t('DASHBOARD_PENDING')}
            count={data.pendingAuthorisations}
            testId="dashboard-pending"
            attention={data.pendingAuthorisations > 0}
          />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('DASHBOARD_BY_STATE')} className="dashboard-card">
            <BarList bars={stateBars} testId="dashboard-state" empty={t('DASHBOARD_EMPTY')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('DASHBOARD_BY_RESULT')} className="dashboard-card">
            <BarList bars={resultBars} testId="dashboard-result" empty={t('DASHBOARD_NO_RESULTS')} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t(byMonth ? 'DASHBOARD_BY_MONTH' : 'DASHBOARD_BY_DAY')} className="dashboard-card">
            <TimeChart bars={bars} hrefOf={(bar) => listLink(scope, bar.period)} testId="dashboard-day" />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('DASHBOARD_RECENT_ERRORS')} className="dashboard-card">
            {data.recentErrors.length === 0 ? (
              <Empty description={t('DASHBOARD_NO_ERRORS')} />
            ) : (
              <ol className="dashboard-errors" data-testid="dashboard-errors">
                {data.recentErrors.map((row) => (
                  <li key={row.requestId}>
                    <Link to={errorLink(row.requestId)} data-testid={`dashboard-error-${row.requestId}`}>
                      #{row.requestId} {row.reference ? `${row.reference} · ` : ''}
                      {row.subject}
                    </Link>
                    <span className="dashboard-error-tags">
                      <StateTag state={row.state} />
                      <ResultTag result={row.result} />
                    </span>
                    <span className="dashboard-error-date">{formatDateTime(row.createdAt)}</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
