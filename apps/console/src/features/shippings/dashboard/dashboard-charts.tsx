import { Empty } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTimeBar } from './dashboard-links.ts';

export type TBar = { key: string; label: string; count: number; href: string; tone?: 'error' };

/** Share of the largest count, in percent; a bar with something in it never vanishes. */
function share(count: number, max: number): number {
  if (max === 0 || count === 0) return 0;
  return Math.max(2, Math.round((count / max) * 100));
}

/** A figure and what it counts, as one link to the list that shows it. */
export function CountTile({
  to,
  label,
  count,
  testId,
  attention = false,
}: {
  to: string;
  label: string;
  count: number;
  testId: string;
  attention?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={attention ? 'dashboard-tile dashboard-tile-attention' : 'dashboard-tile'}
      aria-label={t('DASHBOARD_BAR_LABEL', { label, count })}
      data-testid={testId}
      data-count={count}
    >
      {/* Label first, as the accessible name reads (label-content-name-mismatch); CSS shows the count first. */}
      <span className="dashboard-tile-label">{label}</span> <span className="dashboard-tile-count">{count}</span>
    </Link>
  );
}

/** Horizontal bars drawn with CSS, each a link to the list it counts; `empty` says why there are none. */
export function BarList({ bars, testId, empty }: { bars: readonly TBar[]; testId: string; empty: string }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...bars.map((bar) => bar.count));
  if (bars.length === 0) return <Empty description={empty} />;
  return (
    <ul className="dashboard-bars" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.key}>
          <Link
            to={bar.href}
            className={bar.tone === 'error' ? 'dashboard-bar dashboard-bar-error' : 'dashboard-bar'}
            aria-label={t('DASHBOARD_BAR_LABEL', { label: bar.label, count: bar.count })}
            data-testid={`${testId}-${bar.key}`}
            data-count={bar.count}
          >
            <span className="dashboard-bar-label">{bar.label}</span>
            <span className="dashboard-bar-track" aria-hidden="true">
              <span className="dashboard-bar-fill" style={{ width: `${share(bar.count, max)}%` }} />
            </span>
            {/* A space, so the visible text reads as two words like the accessible name. */}{' '}
            <span className="dashboard-bar-count">{bar.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function timeBarLabel(bar: TTimeBar): string {
  return bar.unit === 'day' ? dayjs(bar.key).format('L') : dayjs(`${bar.key}-01`).format('MMM YYYY');
}

/** Vertical bars of the period, oldest first: one per day (or month), each a link to the list of its days. */
export function TimeChart({
  bars,
  hrefOf,
  testId,
}: {
  bars: readonly TTimeBar[];
  hrefOf: (bar: TTimeBar) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(0, ...bars.map((bar) => bar.count));
  const first = bars[0];
  const last = bars.at(-1);
  return (
    <div className="dashboard-timeline" data-testid={testId}>
      <span className="dashboard-timeline-max" aria-hidden="true">
        {max}
      </span>
      <ol className="dashboard-columns">
        {bars.map((bar) => {
          const label = t('DASHBOARD_BAR_LABEL', { label: timeBarLabel(bar), count: bar.count });
          return (
            <li key={bar.key}>
              <Link
                to={hrefOf(bar)}
                className="dashboard-column"
                aria-label={label}
                title={label}
                data-testid={`${testId}-${bar.key}`}
                data-count={bar.count}
              >
                <span className="dashboard-column-fill" style={{ height: `${share(bar.count, max)}%` }} />
              </Link>
            </li>
          );
        })}
      </ol>
      {first && last && (
        <div className="dashboard-timeline-axis" aria-hidden="true">
          <span>{timeBarLabel(first)}</span>
          <span>{timeBarLabel(last)}</span>
        </div>
      )}
    </div>
  );
}
