import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_RECENT_ERRORS,
  type TShippingDashboard,
  type TShippingDashboardQuery,
} from '@sello/contracts/catalogue/shippings-dashboard';
import { RESULT_FILTERS, SHIPPING_STATE_FILTERS } from '@sello/contracts/enums';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fieldError } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { selectDashboard } from './shipping-dashboard.queries.ts';
import { resolveListWhere } from './shippings.service.ts';

const DAY_MS = 24 * 3_600_000;

/** PostgreSQL's "invalid parameter value": a time zone the runtime knows and the database does not. */
const INVALID_PARAMETER = '22023';

function countsOf<K extends string>(keys: readonly K[], rows: readonly { key: string | null; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.key, row.count]));
  return keys.map((key) => [key, counts.get(key) ?? 0] as const);
}

export function createShippingDashboard(db: Kysely<Database>) {
  /**
   * The home dashboard: the list's where-clause (same tenancy, scope, period and limits, so every
   * count is what the list shows when followed), counted per state, result and day; the
   * authorisations waiting for the user (the authorisations list, whatever the period); and the
   * latest shippings in error.
   */
  async function dashboard(principal: TPrincipal, query: TShippingDashboardQuery): Promise<TShippingDashboard> {
    const filterTo = query.filterTo ?? Date.now();
    const filterFrom = query.filterFrom ?? filterTo - DASHBOARD_DEFAULT_DAYS * DAY_MS;
    const where = resolveListWhere(principal, { filterFrom, filterTo, scope: query.scope, domainid: query.domainid });
    const period = { ...where, to: where.to ?? new Date(filterTo) };
    const pending = resolveListWhere(principal, { scope: 'auth', domainid: query.domainid });
    try {
      const { states, results, days, ...found } = await selectDashboard(db, {
        period,
        pending,
        timeZone: query.timeZone,
        recentErrors: DASHBOARD_RECENT_ERRORS,
      });
      return {
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        scope: where.scope,
        timeZone: query.timeZone,
        total: states.reduce((sum, row) => sum + row.count, 0),
        byState: countsOf(SHIPPING_STATE_FILTERS, states).map(([state, count]) => ({ state, count })),
        byResult: countsOf(RESULT_FILTERS, results).map(([result, count]) => ({ result, count })),
        byDay: days,
        pendingAuthorisations: found.pending,
        recentErrors: found.errors.map((row) => ({
          requestId: Number(row.id),
          reference: row.reference,
          subject: row.subject,
          state: row.state as TShippingDashboard['recentErrors'][number]['state'],
          result: row.result as TShippingDashboard['recentErrors'][number]['result'],
          createdAt: new Date(row.createdAt).toISOString(),
        })),
      };
    } catch (error) {
      if ((error as { code?: string }).code === INVALID_PARAMETER) throw fieldError('timeZone', 'ERR_FIELD_INVALID');
      throw error;
    }
  }

  return { dashboard };
}
