import { z } from 'zod';
import { ZId, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZResultFilter, ZShippingStateFilter } from '../enums.ts';
import { READ, ZShippingListScope } from './shippings-common.ts';

/** Longest period of the dashboard without `filterFrom`: the last 30 days up to `filterTo` (or now). */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** How many of the latest shippings in error the dashboard lists. */
export const DASHBOARD_RECENT_ERRORS = 10;

/**
 * The names found valid, so that the next request does not build a formatter again (a fifth of a millisecond).
 * Bounded: the runtime also accepts every spelling in other letter cases.
 */
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 2_000;

/** An IANA time zone name (`Europe/Madrid`, `UTC`) that this runtime knows; never an offset. */
function isTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(value);
  return true;
}

/**
 * The dashboard of `/home` (not in spec §7; see docs/decisions/shippings.md): the list's period (`filterFrom`,
 * `filterTo`, epoch ms, at most 60 months apart; by default the last 30 days) and scope (`own` or
 * `all`, as the list); `timeZone` is where the days of the per-day counts begin and end.
 */
export const ZShippingDashboardQuery = z.object({
  filterFrom: z.coerce.number().int().min(0).optional(),
  filterTo: z.coerce.number().int().min(0).optional(),
  scope: z.enum(['own', 'all']).default('all'),
  timeZone: z.string().max(64).refine(isTimeZone, 'ERR_FIELD_INVALID').default('UTC'),
  /** Super admins only: the domain to count (their own by default). */
  domainid: ZId.optional(),
});
export type TShippingDashboardQuery = z.infer<typeof ZShippingDashboardQuery>;

const ZCount = z.number().int().nonnegative();
/** A calendar day in the query's time zone. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZShippingDashboard = z.object({
  from: ZTimestamp,
  to: ZTimestamp,
  /** The scope really counted: authorisation-only users always get `auth`, as in the list. */
  scope: ZShippingListScope,
  timeZone: z.string(),
  /** Live shippings of the period and scope (what the list shows for them). */
  total: ZCount,
  /** Every state, in the order of the state filters, zero included. */
  byState: z.array(z.object({ state: ZShippingStateFilter, count: ZCount })),
  /** Every result, in the order of the result filters, zero included (shippings without a result are left out). */
  byResult: z.array(z.object({ result: ZResultFilter, count: ZCount })),
  /** Every day of the period, oldest first, days without shippings with 0. */
  byDay: z.array(z.object({ day: ZDay, count: ZCount })),
  /** Shippings waiting for this user's decision now, whatever the period: the authorisations list. */
  pendingAuthorisations: ZCount,
  /** The latest shippings of the period and scope whose result is `error` or state `not_send_error`. */
  recentErrors: z.array(
    z.object({
      requestId: z.number().int(),
      reference: z.string().nullable(),
      subject: z.string(),
      state: ZShippingStateFilter,
      result: ZResultFilter.nullable(),
      createdAt: ZTimestamp,
    }),
  ),
});
export type TShippingDashboard = z.infer<typeof ZShippingDashboard>;

export const shippingsDashboardApi = {
  dashboard: defineEndpoint({
    id: 'shippings.dashboard',
    method: 'GET',
    path: 'shippings/dashboard',
    summary: 'Counts of the shippings of a period for the home dashboard',
    permission: READ,
    query: ZShippingDashboardQuery,
    response: ZShippingDashboard,
    beyondSpec: true,
  }),
} as const;
