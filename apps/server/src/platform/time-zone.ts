import type { IncomingHttpHeaders } from 'node:http';
import { HEADERS } from '@sello/contracts/constants';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const QUARTER_HOUR_MS = 900_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const MAX_CACHED_OFFSETS = 50_000;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA time zone this runtime knows (checked by building a formatter for it). */
export function isTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone the caller's screen shows times in (the console sends it with every call); UTC when absent or unknown. */
export function requestTimeZone(headers: IncomingHttpHeaders): string {
  const zone = headers[HEADERS.timeZone.toLowerCase()];
  return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC';
}

function computeOffset(time: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(time))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(time / 1000) * 1000;
}

/**
 * Milliseconds to add to a UTC instant to read it on a clock in `zone`. Offsets change only on quarter hours
 * (UTC), so one computation serves every instant of the same quarter hour: a 100,000-row export formats a
 * few hundred dates instead of every cell.
 */
export function zoneOffsetMs(time: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = computeOffset(quarter * QUARTER_HOUR_MS, zone);
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}
